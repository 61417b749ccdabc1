import App
import Declarations
import Files

/// The prototype page's own parts: its style, its controls and the small script that
/// switches between the states the host drew. Nothing here draws a face or a screen: the
/// script only shows the SVG fragments the page holds, moves a transition's layers along
/// their sampled placings, and picks the face drawn nearest a drag's happiness.
enum PrototypeScript {
  /// The page's style: the device's frame around the screen, the controls beside it.
  static let style = """
    body{margin:0;padding:16px;font:14px system-ui,sans-serif;background:#e8e8ec;color:#222}
    #bar{display:flex;gap:8px;align-items:center;margin-bottom:16px;flex-wrap:wrap}
    #bar button,#bar select{font:inherit;padding:4px 10px}
    #status{margin-left:8px;color:#555}
    #device{position:relative;display:inline-block;background:#1c1c1e;border-radius:36px;padding:70px 18px}
    #device.landscape{padding:18px 70px}
    #device.ipad{border-radius:30px;padding:50px 40px}
    #device.ipad.landscape{padding:40px 50px}
    #device::after{content:"";position:absolute;width:40px;height:40px;border:2px solid #48484a;border-radius:50%;left:50%;bottom:13px;margin-left:-22px}
    #device.landscape::after{left:auto;bottom:50%;right:13px;margin:0 0 -22px 0}
    #device.ipad::after{bottom:4px}
    #device.ipad.landscape::after{bottom:50%;right:4px}
    #screen{position:relative;overflow:hidden;background:#fff;touch-action:none;cursor:pointer;user-select:none}
    #help{margin-top:12px;color:#666;max-width:40em}
    #screen>*{position:absolute;left:0;top:0}
    #screen svg{display:block}
    .layer,.layer>div{position:absolute;left:0;top:0;width:100%;height:100%}
    .menu>svg{position:absolute;left:0;top:0}
    .menu>.indicator{opacity:0;transition:opacity .4s}
    #screen.scrolling .menu>.indicator{opacity:1;transition:none}
    #inputs{margin-top:12px}
    #inputs button{display:block;margin:4px 0;font:13px ui-monospace,monospace}

    """

  /// The page's controls and the device; `devices` are offered in a choice when more than one.
  static func body(devices: [String]) -> String {
    let choice =
      devices.count > 1
      ? "<label>Device <select id=\"device-choice\">"
        + devices.map { "<option>\($0)</option>" }.joined() + "</select></label>"
      : ""
    return """
      <div id="bar"><button id="back" type="button">‹ Back</button>\
      <button id="rotate" type="button">Rotate ⟳</button>\(choice)\
      <span id="status"></span></div>
      <div id="device"><div id="screen"></div></div>
      <div id="inputs" hidden></div>
      <p id="help">Click a button; drag a face up or down; turn the wheel over it (or pinch \
      it with two fingers) to scale it, over a long menu (or swipe it) to scroll it.</p>

      """
  }

  /// The script: states, menus, transitions, the drag and the wheel. `window.psy` is its
  /// state, which a test reads (`busy` while a transition runs; `holdAt` stops one at a
  /// moment; `scroll`, how far the menus are scrolled; `buttons()`, the names of the
  /// buttons on screen, the frontmost menu's first).
  static let code = """
    "use strict";
    (function () {
      const data = JSON.parse(document.getElementById("psy-data").textContent);
      const screen = document.getElementById("screen");
      const frame = document.getElementById("device");
      const status = document.getElementById("status");
      const inputs = document.getElementById("inputs");
      const choice = document.getElementById("device-choice");
      const psy = window.psy = {
        state: -1, busy: false, holdAt: null, held: false, happiness: null, scale: null,
        steps: 0, scroll: 0, data: data
      };
      let faceBox = null, drag = null;

      function piece(i) {
        const t = i == null ? null : document.getElementById("f" + i);
        return t ? t.content.firstElementChild.cloneNode(true) : document.createElement("div");
      }
      // A menu at the page's scroll (one count for every menu, each clamped to its own, as
      // the app's session keeps it): its buttons drawn once in the first row, each moved to
      // its row, and the scroll indicator moved along.
      function offset(m) {
        return Math.max(0, Math.min(psy.scroll, Math.max(m.b.length - m.slots, 0)));
      }
      function menuPiece(k) {
        const m = data.menus[k], o = offset(m), box = document.createElement("div");
        box.className = "layer menu";
        for (let i = o; i < Math.min(o + m.slots, m.b.length); i++) {
          const b = piece(m.b[i]);
          b.style.transform = "translateY(" + (i - o) * m.pitch + "px)";
          box.append(b);
        }
        // The top of the next button, where the pane has room for part of it (the sign of
        // more, as the points draw it): cut at the menu's edge, and not tapped.
        const next = o + m.slots, dy = m.slots * m.pitch;
        if (m.slots > 0 && next < m.b.length && m.row[1] + dy < m.r[1] + m.r[3]) {
          const b = piece(m.b[next]);
          b.style.transform = "translateY(" + dy + "px)";
          // The menu's rect in the button's own coordinates, before it is moved down.
          const [x, y, w, h] = [m.r[0], m.r[1] - dy, m.r[2], m.r[3]];
          b.style.clipPath = "polygon(" + [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
            .map(function (p) { return p[0] + "px " + p[1] + "px"; }).join(", ") + ")";
          box.append(b);
        }
        if (m.ind != null && m.slots > 0) {
          const bar = piece(m.ind);
          // Seen only while the menu scrolls, as UIScrollView showed it (a still screen
          // has none).
          bar.classList.add("indicator");
          bar.style.transform = "translateY(" + o * m.step + "px)";
          box.append(bar);
        }
        return box;
      }
      function part(p) { return typeof p === "number" ? piece(p) : menuPiece(p.m); }
      // The button at point p, frontmost menu first: its title, inputs and edges (those
      // of its row, for a button a popover hangs from).
      function hitAt(st, p) {
        for (const h of st.menus) {
          const m = data.menus[h.m], slot = Math.floor((p.y - m.row[1]) / m.pitch);
          const i = offset(m) + slot;
          if (slot < 0 || slot >= m.slots || i >= m.b.length) continue;
          const r = [m.row[0], m.row[1] + slot * m.pitch, m.row[2], m.row[3]];
          if (!inside(r, p)) continue;
          const b = h.b[i];
          return { title: m.titles[i], in: m.in[i], e: b.k ? b.k[slot] || [] : b.e };
        }
        return null;
      }
      psy.buttons = function () {
        const names = [];
        for (const h of data.states[psy.state].menus) {
          const m = data.menus[h.m], o = offset(m);
          for (let i = o; i < Math.min(o + m.slots, m.b.length); i++) {
            if (!names.includes(m.names[i])) names.push(m.names[i]);
          }
        }
        return names;
      };
      function inset(r, st) {
        return "inset(" + r[1] + "px " + (st.w - r[0] - r[2]) + "px " +
          (st.h - r[1] - r[3]) + "px " + r[0] + "px)";
      }
      function show(n, keepFace) {
        const st = data.states[n];
        psy.state = n;
        screen.replaceChildren();
        screen.style.width = st.w + "px";
        screen.style.height = st.h + "px";
        frame.className = st.d + " " + st.o;
        for (const p of st.below) screen.append(part(p));
        faceBox = null;
        if (st.face) {
          if (!keepFace || psy.happiness == null) {
            psy.happiness = st.face.h;
            psy.scale = st.face.s;
          }
          const clip = document.createElement("div");
          clip.className = "layer";
          clip.style.clipPath = inset(st.face.r, st);
          faceBox = document.createElement("div");
          clip.append(faceBox);
          screen.append(clip);
          drawFace();
        } else {
          psy.happiness = null;
          psy.scale = null;
        }
        for (const p of st.above) screen.append(part(p));
        if (choice) choice.value = st.d;
        document.getElementById("back").disabled = st.back == null;
        inputs.hidden = true;
        report();
      }
      function report() {
        const st = data.states[psy.state];
        let text = st.title;
        if (psy.happiness != null) text += " — happiness " + Math.round(psy.happiness);
        status.textContent = text;
        document.documentElement.dataset.state = psy.state;
      }
      // The face drawn nearest the happiness now, scaled as the wheel left it, in `box`.
      function faceIn(box, f) {
        const step = data.steps[1] - data.steps[0];
        const i = psy.happiness === f.h ? f.exact : f.steps[Math.round((psy.happiness - data.steps[0]) / step)];
        box.replaceChildren(piece(i));
        box.style.transformOrigin = (f.r[0] + f.r[2] / 2) + "px " + (f.r[1] + f.r[3] / 2) + "px";
        box.style.transform = "scale(" + psy.scale / f.s + ")";
        return box;
      }
      function faceAsLeft(f) {
        const box = document.createElement("div");
        box.className = "layer";
        return faceIn(box, f);
      }
      function drawFace() {
        faceIn(faceBox, data.states[psy.state].face);
        report();
      }
      // The drawn elements of a layer, each with its own opacity (what a fade multiplies).
      function leaves(box) {
        const drawn = "rect,circle,ellipse,line,polyline,polygon,path,text,image,use";
        return Array.from(box.querySelectorAll("svg :is(" + drawn + ")"))
          .filter(function (el) { return !el.closest("defs,clipPath,mask,pattern"); })
          .map(function (el) {
            const own = parseFloat(el.getAttribute("opacity"));
            return { el: el, base: isNaN(own) ? 1 : own };
          });
      }
      function place(layers, t) {
        const k = t * (data.samples - 1), i = Math.min(Math.floor(k), data.samples - 2), u = k - i;
        for (const l of layers) {
          if (!l.track) continue;
          const v = [];
          for (let j = 0; j < 6; j++) {
            const a = l.track[i * 6 + j], b = l.track[(i + 1) * 6 + j];
            v.push(a + (b - a) * u);
          }
          l.box.style.transformOrigin = v[3] + "px " + v[4] + "px";
          l.box.style.transform = "translate(" + v[0] + "px," + v[1] + "px) scale(" + v[2] + ")";
          // Each element fades by itself, as the SVG frames draw it: apps built before iOS 7
          // had no group opacity, so a fading popover's frame shows through its content.
          const o = Math.max(0, Math.min(1, v[5]));
          for (const e of l.leaves) e.el.style.opacity = e.base * o;
        }
      }
      function go(e, keepFace) {
        if (psy.busy || e == null) return;
        const edge = data.edges[e];
        if (!edge.l) { show(edge.to, keepFace); psy.steps++; return; }
        const st = data.states[psy.state];
        psy.busy = true;
        psy.held = false;
        document.documentElement.dataset.busy = "1";
        screen.replaceChildren();
        const layers = edge.l.map(function (l) {
          const outer = document.createElement("div");
          outer.className = "layer";
          if (l.win) outer.style.clipPath = inset(l.win, st);
          const box = document.createElement("div");
          // The face leaving is drawn as the drag and the wheel left it.
          box.append(l.face && st.face ? faceAsLeft(st.face) : l.m != null ? menuPiece(l.m) : piece(l.f));
          outer.append(box);
          screen.append(outer);
          return { box: box, track: l.t == null ? null : data.tracks[l.t], leaves: leaves(box) };
        });
        place(layers, 0);
        let start = performance.now();
        const span = data.duration * 1000;
        function tick(now) {
          let t = Math.min(1, (now - start) / span);
          if (psy.holdAt != null && t >= psy.holdAt) {
            place(layers, psy.holdAt);
            start = now - psy.holdAt * span;
            psy.held = true;
            requestAnimationFrame(tick);
            return;
          }
          psy.held = false;
          if (t >= 1) {
            psy.busy = false;
            delete document.documentElement.dataset.busy;
            show(edge.to, keepFace);
            psy.steps++;
            return;
          }
          place(layers, t);
          requestAnimationFrame(tick);
        }
        requestAnimationFrame(tick);
      }
      function at(ev) {
        const r = screen.getBoundingClientRect();
        return { x: ev.clientX - r.left, y: ev.clientY - r.top };
      }
      function inside(r, p) {
        return r && p.x >= r[0] && p.x < r[0] + r[2] && p.y >= r[1] && p.y < r[1] + r[3];
      }
      function choose(hit) {
        if (hit.in.length === 0) return go(hit.e[0]);
        inputs.replaceChildren();
        const head = document.createElement("div");
        head.textContent = "Tap '" + hit.title + "' with input:";
        inputs.append(head);
        hit.in.forEach(function (label, k) {
          const b = document.createElement("button");
          b.type = "button";
          b.textContent = label;
          b.disabled = hit.e[k] == null;
          b.onclick = function () { inputs.hidden = true; go(hit.e[k]); };
          inputs.append(b);
        });
        inputs.hidden = false;
      }
      screen.addEventListener("pointerdown", function (ev) {
        if (psy.busy) return;
        ev.preventDefault();
        const st = data.states[psy.state], p = at(ev);
        // A button is chosen when the press ends where it began; a swipe scrolls the menu.
        press = { hit: hitAt(st, p), y: ev.clientY };
        if (press.hit) return screen.setPointerCapture(ev.pointerId);
        press = null;
        if (inside(st.backRect, p)) return go(st.back);
        if (inside(st.barRect, p)) return go(st.bar);
        if (st.popover && !inside(st.popover, p)) return go(st.outside);
        if (st.face && inside(st.face.r, p)) {
          touching.set(ev.pointerId, ev);
          screen.setPointerCapture(ev.pointerId);
          if (touching.size === 2) {
            // Two fingers on the face pinch it, as the seed's pinch gesture does.
            drag = null;
            pinch = { d: spread(), s: psy.scale };
          } else if (touching.size === 1) {
            drag = { y: ev.clientY, h: psy.happiness };
          }
          return;
        }
        press = { hit: null, y: ev.clientY };
        screen.setPointerCapture(ev.pointerId);
      });
      let press = null;
      const touching = new Map();
      let pinch = null;
      function spread() {
        const [a, b] = [...touching.values()];
        return Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY));
      }
      screen.addEventListener("pointermove", function (ev) {
        if (psy.busy || !touching.has(ev.pointerId)) return;
        touching.set(ev.pointerId, ev);
        if (pinch && touching.size === 2) {
          psy.scale = Math.max(0.05, Math.min(20, pinch.s * spread() / pinch.d));
          drawFace();
        } else if (drag) {
          // The seed's pan: happiness falls by half the points moved down (a drag up raises it).
          psy.happiness = Math.max(0, Math.min(100, drag.h - (ev.clientY - drag.y) / 2));
          drawFace();
        }
      });
      function release(ev) {
        if (press && ev.type === "pointerup") {
          const dy = ev.clientY - press.y;
          if (Math.abs(dy) < 10) {
            if (press.hit) choose(press.hit);
          } else {
            scrollBy(dy < 0 ? 1 : -1);
          }
        }
        press = null;
        touching.delete(ev.pointerId);
        drag = null;
        if (touching.size < 2) pinch = null;
      }
      screen.addEventListener("pointerup", release);
      screen.addEventListener("pointercancel", release);
      screen.addEventListener("wheel", function (ev) {
        ev.preventDefault();
        if (psy.busy) return;
        const st = data.states[psy.state], p = at(ev);
        if (st.face && inside(st.face.r, p)) {
          // The wheel pinches: a notch (100) scales by about a tenth.
          psy.scale = Math.max(0.05, Math.min(20, psy.scale * Math.exp(-ev.deltaY / 1000)));
          drawFace();
        } else {
          scrollBy(ev.deltaY > 0 ? 1 : -1);
        }
      }, { passive: false });
      document.getElementById("back").onclick = function () { go(data.states[psy.state].back); };
      // The frontmost menu scrolled a button on (back when `by` is negative), as far as it
      // goes; the face stays as the drag left it.
      function scrollBy(by) {
        const st = data.states[psy.state];
        if (psy.busy || st.scroll == null) return;
        const m = data.menus[st.scroll], o = offset(m);
        if (o + by < 0 || o + by > Math.max(m.b.length - m.slots, 0)) return;
        psy.scroll = o + by;
        show(psy.state, true);
        screen.classList.add("scrolling");
        clearTimeout(scrollBy.fade);
        scrollBy.fade = setTimeout(function () { screen.classList.remove("scrolling"); }, 500);
        psy.steps++;
      }
      // A step to another state without a transition (rotation, the device).
      function jump(n, keepFace) {
        if (psy.busy || n == null) return;
        show(n, keepFace);
        psy.steps++;
      }
      document.getElementById("rotate").onclick = function () {
        jump(data.states[psy.state].rotate, true);
      };
      if (choice) choice.onchange = function () {
        let n = data.starts[choice.value];
        psy.scroll = 0;
        if (data.states[psy.state].o !== data.states[n].o) n = data.states[n].rotate;
        jump(n);
      };
      show(data.starts[data.states[0].d]);
      document.documentElement.dataset.ready = "1";
    })();

    """
}
