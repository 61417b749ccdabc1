#!/usr/bin/env python3
"""Drives headless Chromium through its DevTools protocol (over a pipe, fds 3 and 4) for
the tests of `psychologist export`: opens a page and runs steps read as JSON from argv[2].

Steps (points are in the prototype's screen, the #screen element):
  {"tap": [x, y]}                  a mouse click there
  {"drag": [x, y, x2, y2]}         press, move in steps, release
  {"wheel": [x, y, deltaY]}        a wheel turn there
  {"pinch": [x, y, d, d2]}         two fingers d apart (across x, y) spread to d2 apart
  {"click": "#css"}                a click on the page's element
  {"select": ["#css", "value"]}    a choice made in a <select> (its change event)
  {"eval": "expression"}           its value is printed (one JSON line per eval)
  {"wait": "expression"}           polls until truthy (a generous deadline, never a sleep)
  {"shot": "file.png"}             a screenshot of the screen alone, 1 pixel a point
Exit status 0 when every step ran; 1 with a message on stderr otherwise."""

import base64, json, os, subprocess, sys, tempfile, time

DEADLINE = 60.0


class Browser:
    def __init__(self, chromium, profile):
        to_r, to_w = os.pipe()  # we write, chromium reads fd 3
        from_r, from_w = os.pipe()  # chromium writes fd 4, we read
        def child():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
             "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--force-device-scale-factor=1", "--window-size=1200,1300", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env=dict(os.environ, HOME=profile))
        os.close(to_r)
        os.close(from_w)
        self.w = os.fdopen(to_w, "wb", buffering=0)
        self.r = os.fdopen(from_r, "rb", buffering=0)
        self.buf = b""
        self.next = 0
        self.session = None

    def send(self, method, params=None, session=True):
        self.next += 1
        msg = {"id": self.next, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self.w.write(json.dumps(msg).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def read(self):
        while b"\0" not in self.buf:
            chunk = self.r.read(1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main():
    page, steps = sys.argv[1], json.loads(sys.argv[2])
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as profile:
        b = Browser(chromium, profile)
        try:
            run(b, page, steps)
        finally:
            b.close()


def run(b, page, steps):
    target = b.send("Target.createTarget", {"url": "about:blank"}, session=False)
    b.session = b.send("Target.attachToTarget",
                       {"targetId": target["targetId"], "flatten": True},
                       session=False)["sessionId"]
    b.send("Page.enable")
    b.send("Page.navigate", {"url": "file://" + os.path.abspath(page)})

    def evaluate(expr):
        r = b.send("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait(expr):
        end = time.monotonic() + DEADLINE
        while not evaluate(f"!!(function(){{try{{return {expr}}}catch(e){{return false}}}})()"):
            if time.monotonic() > end:
                raise RuntimeError(f"waited {DEADLINE} s for {expr}")
            time.sleep(0.01)

    def origin():
        return evaluate("(function(){const r=document.getElementById('screen')"
                        ".getBoundingClientRect();return [r.left,r.top,r.width,r.height]})()")

    def mouse(kind, x, y, buttons=1, **extra):
        params = {"type": kind, "x": x, "y": y, "button": "left", "buttons": buttons,
                  "clickCount": 1}
        params.update(extra)
        b.send("Input.dispatchMouseEvent", params)

    wait("document.documentElement.dataset.ready === '1'")
    for step in steps:
        (kind, arg), = step.items()
        if kind == "wait":
            wait(arg)
        elif kind == "eval":
            print(json.dumps(evaluate(arg)), flush=True)
        elif kind == "tap":
            o = origin()
            x, y = o[0] + arg[0], o[1] + arg[1]
            mouse("mouseMoved", x, y, buttons=0)
            mouse("mousePressed", x, y)
            mouse("mouseReleased", x, y, buttons=0)
        elif kind == "drag":
            o = origin()
            x, y, x2, y2 = o[0] + arg[0], o[1] + arg[1], o[0] + arg[2], o[1] + arg[3]
            mouse("mouseMoved", x, y, buttons=0)
            mouse("mousePressed", x, y)
            for i in range(1, 11):
                mouse("mouseMoved", x + (x2 - x) * i / 10, y + (y2 - y) * i / 10)
            mouse("mouseReleased", x2, y2, buttons=0)
        elif kind == "wheel":
            o = origin()
            mouse("mouseWheel", o[0] + arg[0], o[1] + arg[1], buttons=0, deltaX=0,
                  deltaY=arg[2])
        elif kind == "pinch":
            o = origin()
            x, y, d, d2 = o[0] + arg[0], o[1] + arg[1], arg[2], arg[3]
            def fingers(gap):
                return [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]
            b.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(d)})
            for i in range(1, 11):
                b.send("Input.dispatchTouchEvent",
                       {"type": "touchMove", "touchPoints": fingers(d + (d2 - d) * i / 10)})
            b.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        elif kind == "click":
            evaluate(f"document.querySelector({json.dumps(arg)}).click()")
        elif kind == "select":
            evaluate(f"(function(){{const s=document.querySelector({json.dumps(arg[0])});"
                     f"s.value={json.dumps(arg[1])};s.dispatchEvent(new Event('change'))}})()")
        elif kind == "shot":
            o = origin()
            shot = b.send("Page.captureScreenshot", {
                "format": "png",
                "clip": {"x": o[0], "y": o[1], "width": o[2], "height": o[3], "scale": 1}})
            with open(arg, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        else:
            raise RuntimeError(f"unknown step {kind}")


if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        print(f"prototype_driver: {e}", file=sys.stderr)
        sys.exit(1)
