"""Python baseline for `PsyBench terminal N`: draws the seed face (happiness i % 101,
320x480 points) with the `drawille` package into 160x48 braille cells (320x192 dots,
0.4 dots a point, centred) with the same thick strokes (2 dots), and prints the mean
microseconds per frame (canvas, shapes, frame() text).

Run:
    python3 -m pip install drawille
    python3 bench/drawille_face.py 300
    .build/release/PsyBench terminal 2000
"""
import math
import sys
import time

import drawille

COLUMNS, ROWS = 160, 48
WIDTH, HEIGHT = 320.0, 480.0


def face(happiness):
    """The seed geometry of docs/ARCHITECTURE.md ("The face's geometry") for a 320x480 view."""
    mx, my = WIDTH / 2, HEIGHT / 2
    size = min(WIDTH, HEIGHT) / 2 * 0.90
    smile = max(-1.0, min(1.0, (happiness - 50) / 50))
    eye_y = my - 0.35 * size
    mouth_y = my + 0.40 * size
    sx, ex = mx - 0.45 * size, mx + 0.45 * size
    reach = 0.45 * size * 2 / 3
    off = 0.25 * size * smile
    return {
        "head": (mx, my, size),
        "eyes": [(mx - 0.35 * size, eye_y, 0.10 * size), (mx + 0.35 * size, eye_y, 0.10 * size)],
        "mouth": [(sx, mouth_y), (sx + reach, mouth_y + off), (ex - reach, mouth_y + off), (ex, mouth_y)],
    }


def draw(canvas, geometry, columns=COLUMNS, rows=ROWS, line_width=5.0):
    dots_w, dots_h = columns * 2, rows * 4
    k = min(dots_w / WIDTH, dots_h / HEIGHT)
    ox, oy = (dots_w - WIDTH * k) / 2, (dots_h - HEIGHT * k) / 2
    stroke = max(1.0, line_width * k)
    offsets = [-stroke / 2 + 0.5 + j for j in range(max(1, int(round(stroke))))]

    def circle(cx, cy, r):
        cx, cy, r = ox + cx * k, oy + cy * k, r * k
        for d in offsets:
            rr = r + d
            steps = max(8, int(2 * math.pi * rr / 0.7))
            for s in range(steps):
                a = 2 * math.pi * s / steps
                canvas.set(cx + rr * math.cos(a), cy + rr * math.sin(a))

    def cubic(p0, p1, p2, p3):
        pts = [(ox + x * k, oy + y * k) for x, y in (p0, p1, p2, p3)]
        n = 16
        prev = pts[0]
        for i in range(1, n + 1):
            t = i / n
            u = 1 - t
            q = tuple(u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                      for a, b, c, d in zip(*pts))
            for d in offsets:
                for x, y in drawille.line(prev[0], prev[1] + d, q[0], q[1] + d):
                    canvas.set(x, y)
            prev = q

    circle(*geometry["head"])
    for eye in geometry["eyes"]:
        circle(*eye)
    cubic(*geometry["mouth"])


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    faces = [face(h) for h in range(101)]
    for columns, rows in ((COLUMNS, ROWS), (200, 60)):
        start = time.perf_counter()
        total = 0
        for i in range(count):
            canvas = drawille.Canvas()
            draw(canvas, faces[i % 101], columns, rows)
            total += len(canvas.frame(0, 0, columns * 2, rows * 4))
        micros = (time.perf_counter() - start) / count * 1e6
        print(f"drawille {columns}x{rows}: {micros:.1f} us/frame")
    if "--show" in sys.argv:
        canvas = drawille.Canvas()
        draw(canvas, faces[70])
        print(canvas.frame(0, 0, COLUMNS * 2, ROWS * 4))


if __name__ == "__main__":
    main()
