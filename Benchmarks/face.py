"""Python baselines for scripts/bench: the seed face (docs/ARCHITECTURE.md) as the same SVG
documents psychologist writes, numbers as printf("%.2f") with trailing zeros dropped.

    python3 bench/face.py loop 200000          # like the `run` loop printing s:svg()
    python3 bench/face.py batch rows.jsonl DIR # like: psychologist batch examples/mood.lua
                                               #   --diagnosis mood --input rows.jsonl
                                               #   --output-dir DIR (same arithmetic, files)
"""
import json
import os
import sys


def num(v):
    s = "%.2f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def title(h):
    return "%d" % h if h == int(h) else repr(float(h))


def svg(happiness, w, h, heading):
    smile = max(-1.0, min(1.0, (happiness - 50) / 50))
    mx, my = w / 2, h / 2
    size = min(w, h) / 2 * 0.90
    eye_y = my - 0.35 * size
    er = 0.10 * size
    mouth_y = my + 0.40 * size
    sx, ex = mx - 0.45 * size, mx + 0.45 * size
    reach = 0.45 * size * 2 / 3
    off = 0.25 * size * smile
    return "".join((
        '<svg xmlns="http://www.w3.org/2000/svg" width="', num(w), '" height="', num(h),
        '" viewBox="0 0 ', num(w), " ", num(h), '">\n<title>', heading, title(happiness),
        '</title>\n<g fill="none" stroke="blue" stroke-width="5" stroke-linecap="round">\n',
        '<circle cx="', num(mx), '" cy="', num(my), '" r="', num(size), '"/>\n',
        '<circle cx="', num(mx - 0.35 * size), '" cy="', num(eye_y), '" r="', num(er), '"/>\n',
        '<circle cx="', num(mx + 0.35 * size), '" cy="', num(eye_y), '" r="', num(er), '"/>\n',
        '<path d="M', num(sx), " ", num(mouth_y), "C", num(sx + reach), " ", num(mouth_y + off),
        " ", num(ex - reach), " ", num(mouth_y + off), " ", num(ex), " ", num(mouth_y),
        '"/>\n</g>\n</svg>\n',
    ))


def mood(row):
    """examples/mood.lua's arithmetic, in the same order."""
    sleep = row.get("sleep", 7)
    exercise = row.get("exercise", 0)
    stress = row.get("stress", 5)
    rest = 8 - abs(sleep - 8) * 1.5
    moved = min(exercise, 60) / 6
    return min(max(20 + 6 * rest + moved - 5 * (stress - 5), 0), 100)


def main():
    mode = sys.argv[1]
    if mode == "loop":
        out = sys.stdout
        for i in range(int(sys.argv[2])):
            print(svg(i % 101, 320.0, 416.0, "Happiness: happiness "), file=out)
    elif mode == "batch":
        folder = sys.argv[3]
        os.makedirs(folder, exist_ok=True)
        with open(sys.argv[2]) as rows:
            for line in rows:
                row = json.loads(line)
                doc = svg(mood(row), 320.0, 416.0, "Mood: happiness ")
                with open(os.path.join(folder, row["id"] + ".svg"), "w") as f:
                    f.write(doc)


if __name__ == "__main__":
    main()
