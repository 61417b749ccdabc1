#!/usr/bin/env python3
"""Every benchmark of the project in one table, each against baselines measured in the same
run, as ratios; the same figures go to bench-results/bench.json.

    scripts/bench           # full sizes (a few minutes); scripts/bench runs this file
    scripts/bench --quick   # small sizes (well under a minute; scripts/test runs this)
    scripts/bench --only lua_suite   # one group (a function bench_NAME), e.g. while tuning

It builds in release mode as scripts/install does (`swift build` with the arguments
as scripts/release-flags lists), compiles the C baselines with `cc -O2` and a static Swift
hello-world, and installs what it needs only for itself: lua5.4 (apt-get), Python's drawille (pip, into .build/bench/venv), and R with aplpack
(apt-get r-base-core r-cran-aplpack; not in --quick, which uses them only if present). Times are the best
of several runs (wall clock); cold starts the median CPU time of runs taking turns (see
cold_start). Figures are reported, never
asserted: the exit status is 0 unless something could not run at all.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # Benchmarks/..
os.chdir(ROOT)
QUICK = "--quick" in sys.argv
# --only NAME: just the group bench_NAME (its figures go to bench-results/bench-NAME.json)
ONLY = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv[:-1] else None
WORK = os.path.join(ROOT, ".build", "bench")
RESULTS = os.path.join(ROOT, "bench-results")
PSY = os.path.join(ROOT, ".build", "release", "psychologist")
PSYBENCH = os.path.join(ROOT, ".build", "release", "PsyBench")
HELLO = os.path.join(WORK, "hello")
# How scripts/install builds (see docs/ARCHITECTURE.md, "Release builds").
RELEASE_FLAGS = [line.strip() for line in open(os.path.join(ROOT, "scripts", "release-flags"))
                 if line.strip() and not line.startswith("#")]
DEVNULL = subprocess.DEVNULL

SIZES = {
    "throughput": 20_000 if QUICK else 200_000,
    "svg": 20_000 if QUICK else 200_000,
    "batch": 2_000 if QUICK else 50_000,
    "batch_small": 1_000,
    "lua_heavy": 30_000 if QUICK else 400_000,
    "calls": 300_000 if QUICK else 5_000_000,
    "terminal": 200 if QUICK else 2000,
    "drawille": 20 if QUICK else 200,
    "redraw": 100 if QUICK else 2000,
    # 15 channels mapped, one SVG per row and the sheet; aplpack's faces() takes about 15 ms
    # a face, so it draws the first rows only and its time is scaled per row (the row says so).
    "faces": 500 if QUICK else 10_000,
    "aplpack": 20 if QUICK else 1_000,
    # faces2 (TeachingDemos) draws the first rows only too, scaled per row.
    "faces2": 20 if QUICK else 1_000,
    # A million rows with and without the sheet (full bench only: minutes and gigabytes).
    "million": 0 if QUICK else 1_000_000,
    "runs": 1 if QUICK else 5,
    # Lua 5.4.4's suite files that pass under the sandbox and spend their time in the VM
    # and the string/table/math libraries: runs of each, about a second under lua5.4.
    "lua_suite": {"sort.lua": 8 if QUICK else 100, "math.lua": 4 if QUICK else 50,
                  "pm.lua": 100 if QUICK else 1500, "utf8.lua": 200 if QUICK else 2500,
                  "vararg.lua": 300 if QUICK else 4000},
    "cold_runs": 20 if QUICK else 200,
    # table.sort: random numbers by the default order, strings with a Lua order function.
    "sort_numbers": 100_000 if QUICK else 1_000_000,
    "sort_strings": 10_000 if QUICK else 100_000,
    # Penlight's pretty.write of a table this many rows long (the collector's mode shows).
    "pretty_rows": 2_000 if QUICK else 20_000,
    # The pattern engine: Lua's two suite files that exercise it (runs of each, about a
    # second under lua5.4) and the megabytes of text Benchmarks/pattern.lua makes.
    "pattern_suite": {"pm.lua": 100 if QUICK else 1500, "strings.lua": 50 if QUICK else 600},
    "pattern_mb": 1 if QUICK else 10,
}


def log(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def apt_install(pkg, binary, present=None):
    present = present or (lambda: shutil.which(binary) is not None)
    if present():
        return True
    log(f"installing {pkg} (apt-get, for the benchmarks)")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], env=env, stdout=DEVNULL)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", pkg], env=env, stdout=DEVNULL)
    return present()


def drawille_python():
    """A python3 that can import drawille: a venv under .build/bench, made once."""
    venv = os.path.join(WORK, "venv")
    py = os.path.join(venv, "bin", "python3")
    if not os.path.exists(py):
        log("installing drawille into .build/bench/venv (pip, for the benchmarks)")
        if subprocess.run([sys.executable, "-m", "venv", venv], stdout=DEVNULL).returncode != 0:
            return None
    ok = subprocess.run([py, "-c", "import drawille"], stderr=DEVNULL).returncode == 0
    if not ok:
        subprocess.run([py, "-m", "pip", "install", "-q", "drawille"], stdout=DEVNULL)
        ok = subprocess.run([py, "-c", "import drawille"], stderr=DEVNULL).returncode == 0
    return py if ok else None


def r_faces2():
    """Whether Rscript can load TeachingDemos (faces2): installed for the full bench only."""
    def loads():
        return shutil.which("Rscript") is not None and subprocess.run(
            ["Rscript", "-e", "library(TeachingDemos)"], stdout=DEVNULL,
            stderr=DEVNULL).returncode == 0
    if QUICK:
        return loads()
    return apt_install("r-base-core", "Rscript") and apt_install(
        "r-cran-teachingdemos", "", loads)


def r_faces(script, name, csv, base, n_r):
    """CPU seconds an R script of Benchmarks/ takes to draw the first n_r rows of csv (one
    SVG a row and the sheet), from its own report; None if it failed or drew too few."""
    d = os.path.join(base, name)
    os.sync()
    try:
        text = subprocess.run(["Rscript", script, csv, os.path.join(d, "faces"),
                               os.path.join(d, "sheet.svg"), str(n_r)], capture_output=True,
                              text=True, check=True).stdout
        drawn = len(os.listdir(os.path.join(d, "faces")))
    except (subprocess.CalledProcessError, OSError) as e:
        log(f"faces: {name} failed: {e}")
        return None
    seconds = number_in(text, name + r": \d+ rows in [0-9.]+ s \(CPU ([0-9.]+) s\)")
    if drawn != n_r or seconds is None:
        log(f"faces: {name} drew {drawn} of {n_r} faces")
        return None
    return seconds


def r_aplpack():
    """Whether Rscript can load aplpack: installed with apt-get for the full bench only
    (CI's --quick run must not need R)."""
    def loads():
        return shutil.which("Rscript") is not None and subprocess.run(
            ["Rscript", "-e", "library(aplpack)"], stdout=DEVNULL, stderr=DEVNULL).returncode == 0
    if QUICK:
        return loads()
    return apt_install("r-base-core", "Rscript") and apt_install("r-cran-aplpack", "", loads)


def best_time(cmd, runs=None, stdout=DEVNULL, before=None):
    """The fastest of `runs` wall-clock runs of cmd, in seconds."""
    best = None
    for _ in range(runs or SIZES["runs"]):
        if before:
            before()
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=stdout, stderr=DEVNULL)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best


def best_cpu_time(cmd, runs=None, cwd=None):
    """The least CPU time (user + system, from wait4) of `runs` runs of cmd, in seconds: for
    single-threaded CPU-bound work on a shared machine, where wall clock measures the
    neighbours too."""
    best = None
    for _ in range(runs or SIZES["runs"]):
        p = subprocess.Popen(cmd, stdout=DEVNULL, stderr=DEVNULL, cwd=cwd)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            raise subprocess.CalledProcessError(p.returncode, cmd)
        t = usage.ru_utime + usage.ru_stime
        best = t if best is None else min(best, t)
    return best


def best_cpu_times(cmd, base, runs=None):
    """The least CPU time of cmd and of base, their runs alternating: for a ratio near 1 on
    a shared machine, where a block of runs of one and then a block of the other measures
    how the neighbours' load drifted between the blocks too."""
    ours = theirs = None
    for _ in range(runs or SIZES["runs"]):
        a, b = best_cpu_time(cmd, runs=1), best_cpu_time(base, runs=1)
        ours, theirs = min(a, ours or a), min(b, theirs or b)
    return ours, theirs


def cold_start(commands):
    """Median CPU seconds (user + system, from wait4) per command, of runs that take turns:
    a round runs each command once (after two rounds of warm-up). A start is CPU work from
    exec to exit; on this shared machine the wall clock also counts the wait for a core, and
    runs of one command back to back (as hyperfine makes them) let a burst of load land on
    one: --version read 1.35x the hello-world in one such run and 1.02x in the next. Each
    run is spawned directly, as hyperfine -N does."""
    runs = SIZES["cold_runs"]
    times = [[] for _ in commands]
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for round in range(runs + 2):
            for i, c in enumerate(commands):
                pid = os.posix_spawnp(c[0], c, os.environ,
                                      file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1),
                                                    (os.POSIX_SPAWN_DUP2, devnull, 2)])
                _, status, usage = os.wait4(pid, 0)
                t = usage.ru_utime + usage.ru_stime
                if os.waitstatus_to_exitcode(status) != 0:
                    raise subprocess.CalledProcessError(os.waitstatus_to_exitcode(status), c)
                if round >= 2:
                    times[i].append(t)
    finally:
        os.close(devnull)
    return [statistics.median(t) for t in times]


def peak_rss(cmd):
    """Peak resident set size of one run of cmd, in KiB, measured by Benchmarks/peak_rss.c: a
    child measured from Python would count Python's own size (exec keeps the high-water
    mark of the process that forked)."""
    out = subprocess.run([os.path.join(WORK, "peak_rss")] + cmd, check=True,
                         capture_output=True, text=True).stdout
    return int(out.strip())


def number_in(text, pattern):
    m = re.search(pattern, text)
    return float(m.group(1)) if m else None


rows = []


def row(group, name, ours, ours_text, baseline, base_text, ratio, target, ok, note=""):
    rows.append(dict(group=group, benchmark=name, ours=ours, ours_text=ours_text,
                     baseline=baseline, baseline_text=base_text, ratio=ratio, target=target,
                     met=ok, note=note))


def slower(group, name, ours, base, limit, unit="s", basename="", note=""):
    """A figure where ours may take at most `limit` times the baseline."""
    ratio = ours / base
    row(group, name, ours, fmt(ours, unit), base, f"{basename} {fmt(base, unit)}", ratio,
        f"≤ {limit}×", ratio <= limit, note)


def faster(group, name, ours, base, limit, unit="s", basename="", note=""):
    """A figure where ours must be at least `limit` times faster than the baseline."""
    ratio = base / ours
    row(group, name, ours, fmt(ours, unit), base, f"{basename} {fmt(base, unit)}", ratio,
        f"≥ {limit}× faster", ratio >= limit, note)


def context(group, name, ours, base, unit="s", basename=""):
    """A figure with no target: what the machine allows (a bound on the rows above it)."""
    ratio = base / ours
    row(group, name, ours, fmt(ours, unit), base, f"{basename} {fmt(base, unit)}", ratio,
        "(bound)", None)


def memory(group, name, ours, base, basename=""):
    """A peak RSS beside another, no target: the ratio is ours over theirs."""
    row(group, name, ours, fmt(ours, "KiB"), base, f"{basename} {fmt(base, 'KiB')}",
        ours / base, "(context)", None)


def fmt(v, unit):
    if unit == "s":
        return f"{v * 1000:.1f} ms" if v < 1 else f"{v:.2f} s"
    if unit == "KiB":
        return f"{v / 1024:.1f} MiB"
    return f"{v:.1f} {unit}"


def build():
    log("building (release, static Swift stdlib)")
    sh(["swift", "build"] + RELEASE_FLAGS, stdout=DEVNULL)
    os.makedirs(WORK, exist_ok=True)
    # The cold start's other baseline: Swift's least program, linked as the binary is.
    sh(["swiftc", "-O", "-static-stdlib", "Benchmarks/hello.swift", "-o", HELLO],
       stdout=DEVNULL)
    lua_flags = subprocess.run(["pkg-config", "--cflags", "--libs", "lua5.4"], check=True,
                               capture_output=True, text=True).stdout.split()
    # The call baselines link Lua's VM as the binary does (Debian's liblua5.4.a, through the
    # module map), so a ratio compares the calls, not two ways of linking the same VM.
    lua_static = subprocess.run(["pkg-config", "--cflags", "lua5.4"], check=True,
                                capture_output=True, text=True).stdout.split() + [
        "-l:liblua5.4.a", "-lm"]
    for src, extra in (("face_svg.c", []), ("lua_calls.c", lua_static), ("files.c", ["-pthread"]),
                       ("peak_rss.c", []), ("lua_file.c", lua_flags)):
        sh(["cc", "-O2", "-o", os.path.join(WORK, src[:-2]), os.path.join("Benchmarks", src)] + extra)


def same_output(a, b):
    return subprocess.run(a, capture_output=True).stdout == subprocess.run(b, capture_output=True).stdout


def bench_cold():
    log("cold start")
    face = [PSY, "face", "--happiness", "70", "--format", "svg"]
    show = [PSY, "show", "examples/psychologist.lua", "bite", "--format", "svg"]
    lua = ["lua5.4", "Benchmarks/face.lua", "face", "70"]
    note = "" if same_output(face, lua) else "outputs differ!"
    screen = show + ["--screen"]
    animate = show + ["--screen", "--animate"]
    version = [PSY, "--version"]
    t_face, t_show, t_lua, t_screen, t_animate, t_hello, t_version = cold_start(
        [face, show, lua, screen, animate, [HELLO], version])
    slower("cold start", "face --happiness 70 --format svg", t_face, t_lua, 2.0, basename="lua5.4", note=note)
    slower("cold start", "  the same, vs a static Swift hello-world", t_face, t_hello, 1.2,
           basename="Swift hello")
    row("cold start", "  --version, vs the same hello (the floor)", t_version,
        fmt(t_version, "s"), t_hello, f"Swift hello {fmt(t_hello, 's')}", t_version / t_hello,
        "(bound)", None)
    slower("cold start", "show psychologist.lua bite --format svg", t_show, t_lua, 3.0, basename="lua5.4")
    slower("cold start", "show bite --screen --animate", t_animate, t_screen, 1.5,
           basename="show --screen")


def bench_throughput():
    n = SIZES["throughput"]
    log(f"throughput: {n} documents")
    script = os.path.join(WORK, "throughput.lua")

    def write(count):
        with open(script, "w") as f:
            f.write('diagnosis "bite" { happiness = 70 }\n'
                    'segue "showDiagnosis" { kind = "push", '
                    'happiness = function(ctx) return ctx.diagnosis end }\n'
                    'local s = session {}\ns:tap("bite")\n'
                    f'for i = 0, {count} - 1 do\n  s.happiness = i % 101\n  print(s:svg())\nend\n')
    write(1000)
    c_cmd = os.path.join(WORK, "face_svg")
    same = (same_output([PSY, "run", script], [c_cmd, "1000", "session"])
            and same_output([PSY, "run", script], ["lua5.4", "Benchmarks/face.lua", "loop", "1000"])
            and same_output([PSY, "run", script], ["python3", "Benchmarks/face.py", "loop", "1000"]))
    note = "" if same else "outputs differ!"
    write(n)
    ours = best_time([PSY, "run", script])
    c = best_time([c_cmd, str(n), "session"])
    lua = best_time(["lua5.4", "Benchmarks/face.lua", "loop", str(n)])
    py = best_time(["python3", "Benchmarks/face.py", "loop", str(n)])
    slower("throughput", f"run: s.happiness = i % 101; print(s:svg()) ×{n}", ours, c, 1.2,
           basename="C", note=note)
    faster("throughput", "  the same loop, vs pure Lua", ours, lua, 2.0, basename="lua5.4")
    faster("throughput", "  the same loop, vs Python", ours, py, 2.0, basename="python3")


def mood_rows(path, n):
    import random
    rnd = random.Random(1)
    with open(path, "w") as f:
        for i in range(n):
            f.write(json.dumps({"id": "r%06d" % i, "sleep": round(rnd.uniform(4, 10), 1),
                                "exercise": rnd.choice([0, 10, 20, 30, 45, 60, 90]),
                                "stress": rnd.randint(0, 10)}) + "\n")


def bench_batch():
    n = SIZES["batch"]
    rows_big = os.path.join(WORK, "rows-big.jsonl")
    rows_small = os.path.join(WORK, "rows-small.jsonl")
    mood_rows(rows_big, n)
    mood_rows(rows_small, SIZES["batch_small"])
    batch_on("disk", WORK, rows_big, n)
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK):
        batch_on("tmpfs", shm, rows_big, n)
    folder = os.path.join(WORK, "batch-rss")

    def batch(rows_file):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        return [PSY, "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", rows_file,
                "--output-dir", folder]
    big = peak_rss(batch(rows_big))
    small = peak_rss(batch(rows_small))
    shutil.rmtree(folder, ignore_errors=True)
    slower("memory", f"peak RSS, batch {n} rows vs {SIZES['batch_small']} rows", big, small, 1.5,
           unit="KiB", basename=f"{SIZES['batch_small']} rows")


def batch_on(where, root, rows_file, n):
    """Batch, Python and C's bare writes of the same files, into fresh folders under root.

    The runs take turns (ours with one worker, ours with two, Python, C with one thread and
    with two), so a file system that slows down as it fills slows every contender alike,
    and each starts after a sync, with no earlier run's files being written back.
    Nothing is deleted until all are done: on ext4 without a journal, creating files right
    after deleting many costs several times as much (inodes freed in the last minutes are
    skipped one by one), whichever program comes next.
    """
    log(f"batch: {n} JSONL rows to files on {where} ({root})")
    base = os.path.join(root, f"psychologist-bench-{os.getpid()}")
    os.makedirs(base, exist_ok=True)
    runs = iter(range(1_000_000))

    def fresh():
        path = os.path.join(base, str(next(runs)))
        os.makedirs(path)
        return path

    ours = lambda jobs: lambda d: [PSY, "batch", "examples/mood.lua", "--diagnosis", "mood",
                                   "--input", rows_file, "--output-dir", d, "--jobs", str(jobs)]
    size = [0]
    contenders = {
        "jobs1": ours(1),
        "jobs2": ours(2),
        "python": lambda d: ["python3", "Benchmarks/face.py", "batch", rows_file, d],
        "c1": lambda d: [os.path.join(WORK, "files"), d, str(n), "1", str(size[0])],
        "c2": lambda d: [os.path.join(WORK, "files"), d, str(n), "2", str(size[0])],
    }
    best, last = {}, {}
    try:
        for _ in range(SIZES["runs"]):
            for name, make in contenders.items():
                folder = fresh()
                cmd = make(folder)
                # Each run starts with nothing waiting to be written back: otherwise the
                # kernel flushes the previous runs' files during this one.
                os.sync()
                t0 = time.perf_counter()
                subprocess.run(cmd, check=True, stdout=DEVNULL, stderr=DEVNULL)
                t = time.perf_counter() - t0
                best[name] = min(best.get(name, t), t)
                last[name] = folder
                if name == "jobs1" and not size[0]:
                    names = os.listdir(folder)
                    size[0] = sum(os.path.getsize(os.path.join(folder, f)) for f in names) // len(names)
        same = all(subprocess.run(["diff", "-rq", last["jobs1"], last[o]], stdout=DEVNULL).returncode == 0
                   for o in ("jobs2", "python"))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    cores = os.cpu_count() or 1
    label = f"batch {n} rows to {where}"
    faster("batch", f"{label}, --jobs 2 vs --jobs 1", best["jobs2"], best["jobs1"], 1.7,
           basename="--jobs 1", note="" if cores >= 2 else "one core only")
    context("batch", "  C writing the same files, 2 threads vs 1", best["c2"], best["c1"],
            basename="1 thread")
    # The target restated: creating 50,000 names in one folder is bound by the folder's lock,
    # so a second worker can gain only what the C program's own second thread gains.
    ours_gain, c_gain = best["jobs1"] / best["jobs2"], best["c1"] / best["c2"]
    row("batch", "  --jobs 2's gain vs the C program's second thread's", ours_gain,
        f"{ours_gain:.2f}×", c_gain, f"C {c_gain:.2f}×", ours_gain / c_gain, "≥ 0.9×",
        ours_gain / c_gain >= 0.9)
    faster("batch", f"{label}, --jobs 1 vs Python", best["jobs1"], best["python"], 2.0,
           basename="python3", note="" if same else "files differ!")
    context("batch", "  C writing the same files, 1 thread vs Python", best["c1"], best["python"],
            basename="python3")


def faces_rows(path, n):
    """n rows of an id and 15 numeric columns x01…x15 (column j about 10j ± j), the same
    every run."""
    import random
    rnd = random.Random(15)
    with open(path, "w") as f:
        f.write("id," + ",".join("x%02d" % j for j in range(1, 16)) + "\n")
        for i in range(n):
            f.write("r%05d," % i + ",".join("%.3f" % rnd.gauss(10 * j, j) for j in range(1, 16))
                    + "\n")


def bench_faces():
    """15 channels mapped (Benchmarks/faces15.lua) against aplpack's faces() drawing the same rows
    (Benchmarks/aplpack_faces.R) and against today's 3-channel batch (examples/mood.lua): one SVG
    per row and the sheet, one worker (R has one thread). CPU time (user + system, as
    wait4 and R's proc.time count it): on a shared machine the neighbours' load stretches
    wall clock by whole factors, and both contenders run on one core. The files go to tmpfs
    when there is one: on this machine's ext4, creating files minutes after deleting many (an
    earlier run's) costs ten times the system time, whichever program comes next."""
    n, n_r = SIZES["faces"], SIZES["aplpack"]
    log(f"faces: {n} rows × 15 channels, one SVG per row and the sheet")
    csv = os.path.join(WORK, "faces15.csv")
    jsonl = os.path.join(WORK, "faces-mood.jsonl")
    faces_rows(csv, n)
    mood_rows(jsonl, n)
    shm = "/dev/shm"
    where = "tmpfs" if os.path.isdir(shm) and os.access(shm, os.W_OK) else "disk"
    base = os.path.join(shm if where == "tmpfs" else WORK, f"psychologist-faces-{os.getpid()}")
    runs = iter(range(1_000_000))

    def batch(script, diagnosis, rows_file):
        def make():
            d = os.path.join(base, str(next(runs)))
            os.makedirs(d)
            return [PSY, "batch", script, "--diagnosis", diagnosis, "--input", rows_file,
                    "--output-dir", os.path.join(d, "faces"), "--sheet",
                    os.path.join(d, "sheet.svg"), "--jobs", "1"]
        return make
    contenders = {"15": batch("Benchmarks/faces15.lua", "row", csv),
                  "18": batch("Benchmarks/faces18.lua", "row", csv),
                  "3": batch("examples/mood.lua", "mood", jsonl)}
    best = {}
    try:
        for _ in range(SIZES["runs"]):
            for name, make in contenders.items():
                cmd = make()
                os.sync()
                best[name] = min(best.get(name, 1e9), best_cpu_time(cmd, runs=1))
        rss = peak_rss(contenders["15"]())
        r_seconds = None
        faces2_seconds = None
        if r_faces2():
            log(f"faces: TeachingDemos' faces2() on the first {SIZES['faces2']} rows")
            faces2_seconds = r_faces("Benchmarks/faces2_faces.R", "faces2", csv, base,
                                     SIZES["faces2"])
        if r_aplpack():
            log(f"faces: aplpack's faces() on the first {n_r} rows")
            d = os.path.join(base, "aplpack")
            os.sync()
            text = subprocess.run(["Rscript", "Benchmarks/aplpack_faces.R", csv, os.path.join(d, "faces"),
                                   os.path.join(d, "sheet.svg"), str(n_r)], capture_output=True,
                                  text=True, check=True).stdout
            drawn = len(os.listdir(os.path.join(d, "faces")))
            r_seconds = number_in(text, r"aplpack: \d+ rows in [0-9.]+ s \(CPU ([0-9.]+) s\)")
            if drawn != n_r or r_seconds is None:
                r_seconds = None
                log(f"faces: aplpack drew {drawn} of {n_r} faces")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    label = f"batch {n} rows × 15 channels + sheet to {where}, --jobs 1"
    if r_seconds is not None:
        scale = n / n_r
        note = f"aplpack timed on {n_r} rows, ×{scale:g}" if scale != 1 else ""
        faster("faces", f"{label} (CPU time), vs aplpack faces()", best["15"], r_seconds * scale, 100,
               basename="aplpack", note=note)
    else:
        row("faces", f"{label} (CPU time), vs aplpack faces()", best["15"], fmt(best["15"], "s"), None,
            "aplpack unavailable", None, "≥ 100× faster", None,
            "no R with aplpack; --quick installs none" if QUICK else "apt-get r-cran-aplpack failed")
    label18 = f"batch {n} rows × 18 asymmetric channels + sheet to {where}, --jobs 1"
    if r_seconds is not None:
        scale = n / n_r
        faster("faces", f"{label18} (CPU time), vs aplpack faces()", best["18"],
               r_seconds * scale, 400, basename="aplpack",
               note=f"aplpack timed on {n_r} rows, ×{scale:g}" if scale != 1 else "")
    if faces2_seconds is not None:
        scale = n / SIZES["faces2"]
        faster("faces", f"{label18} (CPU time), vs TeachingDemos faces2()", best["18"],
               faces2_seconds * scale, 60, basename="faces2",
               note=f"faces2 timed on {SIZES['faces2']} rows, ×{scale:g}" if scale != 1 else "")
    else:
        row("faces", f"{label18} (CPU time), vs TeachingDemos faces2()", best["18"],
            fmt(best["18"], "s"), None, "faces2 unavailable", None, "≥ 60× faster", None,
            "no R with TeachingDemos; --quick installs none" if QUICK
            else "faces2 unavailable or failed")
    per15, per3 = best["15"] / n * 1e6, best["3"] / n * 1e6
    slower("faces", "  per row, 15 channels vs today's 3 (mood.lua, same run)", per15, per3, 2.0,
           unit="µs", basename="3 channels")
    per18 = best["18"] / n * 1e6
    slower("faces", "  per row, 18 asymmetric channels vs today's 3 (same run)", per18, per3,
           2.0, unit="µs", basename="3 channels")
    if SIZES["million"]:
        bench_million_sheet(where, base)
    budget = 64 * 1024
    row("memory", f"peak RSS, {label}", rss, fmt(rss, "KiB"), budget, "budget 64.0 MiB",
        rss / budget, "≤ 1× budget", rss <= budget)


def bench_million_sheet(where, base):
    """A million rows of mood.lua with the sheet and without, --jobs 2: the sheet is written
    as rows come, so it adds time for its own bytes only and no memory that grows with the
    rows. Wall clock, one run each (minutes); files on tmpfs when there is one."""
    n = SIZES["million"]
    log(f"faces: {n} rows with and without the sheet")
    rows_file = os.path.join(WORK, "million-mood.jsonl")
    mood_rows(rows_file, n)

    def run(sheet):
        d = os.path.join(base, "million")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        cmd = [PSY, "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", rows_file,
               "--output-dir", os.path.join(d, "faces"), "--jobs", "2"]
        if sheet:
            cmd += ["--sheet", os.path.join(d, "sheet.svg")]
        return cmd
    try:
        without = best_time(run(False), runs=1)
        with_sheet = best_time(run(True), runs=1)
        rss = peak_rss(run(True))
    finally:
        shutil.rmtree(base, ignore_errors=True)
        os.remove(rows_file)
    label = f"batch {n} rows + sheet to {where}, --jobs 2"
    slower("faces", f"{label} vs without the sheet", with_sheet, without, 1.5,
           basename="no sheet")
    budget = 256 * 1024
    row("memory", f"peak RSS, {label}", rss, fmt(rss, "KiB"), budget, "budget 256.0 MiB",
        rss / budget, "≤ 1× budget", rss <= budget)


def bench_lua():
    n = SIZES["lua_heavy"]
    log("Lua overhead")
    script = os.path.join(WORK, "lua_heavy.lua")
    with open(script, "w") as f:
        f.write(f"N = {n}\n" + open("Benchmarks/lua_heavy.lua").read())
    note = "" if same_output([PSY, "run", script], ["lua5.4", script]) else "outputs differ!"
    ours = best_time([PSY, "run", script])
    base = best_time(["lua5.4", script])
    slower("Lua", "Lua-heavy script under LuaHost (limits on)", ours, base, 1.05,
           basename="lua5.4", note=note)
    calls = str(SIZES["calls"])
    figures = {}
    for name, cmd in (("lua-to-swift", [PSYBENCH, "lua-to-swift", calls]),
                      ("swift-to-lua", [PSYBENCH, "swift-to-lua", calls]),
                      ("lua-to-c", [os.path.join(WORK, "lua_calls"), "lua-to-c", calls]),
                      ("c-to-lua", [os.path.join(WORK, "lua_calls"), "c-to-lua", calls])):
        best = None
        for _ in range(SIZES["runs"]):
            text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            v = number_in(text, r"([0-9.]+) ns/call")
            best = v if best is None else min(best, v)
        figures[name] = best
    slower("Lua", "Lua→Swift function call", figures["lua-to-swift"], figures["lua-to-c"], 2.0,
           unit="ns", basename="Lua→C")
    slower("Lua", "Swift→Lua pcall", figures["swift-to-lua"], figures["c-to-lua"], 1.3,
           unit="ns", basename="C→Lua")


def best_reported(cmd, pattern):
    """The least figure matching pattern (seconds) that cmd prints over the runs."""
    best = None
    for _ in range(SIZES["runs"]):
        text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        v = number_in(text, pattern)
        best = v if best is None else min(best, v)
    return best


def bench_tables():
    """table.sort (ours, in the sandbox) against lua5.4's, timed inside the script; and
    Penlight's pretty.write of a large table, a collector-heavy workload of a real library
    (Debian's lua-penlight, installed by scripts/bootstrap)."""
    log("table.sort and a real library")
    for mode, size, what in (("numbers", SIZES["sort_numbers"], "random numbers"),
                             ("strings", SIZES["sort_strings"],
                              "strings, Lua order function")):
        script = os.path.join(WORK, f"table_sort_{mode}.lua")
        with open(script, "w") as f:
            f.write(f'MODE = "{mode}"\nN = {size}\n' + open("Benchmarks/table_sort.lua").read())
        ours = best_reported([PSY, "run", script], r"sort: ([0-9.]+) s")
        base = best_reported(["lua5.4", script], r"sort: ([0-9.]+) s")
        slower("tables", f"table.sort, {size:,} {what}", ours, base, 1.05, basename="lua5.4")
    penlight = "/usr/share/lua/5.4/pl"
    if not os.path.isdir(penlight):
        log(f"Penlight: {penlight} missing (scripts/bootstrap installs lua-penlight), skipped")
        return
    folder = os.path.join(WORK, "pretty")
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(penlight, os.path.join(folder, "pl"))
    script = os.path.join(folder, "pretty_write.lua")
    with open(script, "w") as f:
        f.write(f"N = {SIZES['pretty_rows']}\n" + open("Benchmarks/pretty_write.lua").read())
    # CPU time; a generous time limit, as the limit counts wall time on a shared machine
    ours = best_cpu_time([PSY, "run", "pretty_write.lua", "--time-limit", "600"], cwd=folder)
    base = best_cpu_time(["lua5.4", "pretty_write.lua"], cwd=folder)
    slower("tables", f"Penlight pretty.write, {SIZES['pretty_rows']:,} rows (CPU time)", ours,
           base, 1.05, basename="lua5.4")


def bench_lua_suite():
    """CPU-bound files of Lua's own suite under the embedding (sandbox, standard limits,
    `PsyBench lua-file`) against lua5.4 running them the same number of times (CPU time)."""
    suite = os.path.normpath(os.path.join(ROOT, "..", "shared", "lua-5.4.4-tests"))
    if not os.path.isdir(suite):
        log(f"Lua suite: {suite} missing, skipped")
        return
    log("Lua 5.4.4 suite files")
    for name, n in SIZES["lua_suite"].items():
        path = os.path.join(suite, name)
        ours = best_cpu_time([PSYBENCH, "lua-file", path, str(n)])
        base = best_cpu_time(["lua5.4", "Benchmarks/lua_file.lua", path, str(n)])
        host = best_cpu_time([os.path.join(WORK, "lua_file"), path, str(n)])
        slower("Lua suite", f"{name} ×{n} (sandbox, limits on; CPU time)", ours, base, 1.10,
               basename="lua5.4")
        # What the shared library itself costs against lua5.4's static VM: a bound, no target.
        row("Lua suite", "  Benchmarks/lua_file.c, the same runs from C on liblua5.4.so", host,
            fmt(host, "s"), base, f"lua5.4 {fmt(base, 's')}", host / base, "(bound)", None)


# strings.lua wants io.write and os.setlocale, which the sandbox lacks: both interpreters
# run the file with these stubs in front (PatternTests uses the same ones).
SUITE_STUBS = ("io = {write = function() end, stdin = {}, stdout = {}, stderr = {write = function() end}} "
               "os.setlocale = function(l) if l == nil or l == 'C' then return 'C' end return false end\n")


def bench_pattern():
    """The pattern engine behind string.find/match/gmatch/gsub: pm.lua and strings.lua of
    Lua's suite under the sandbox against lua5.4 (CPU time, runs alternating), and six workloads over a
    generated text, each timed inside Benchmarks/pattern.lua with os.clock under both
    interpreters (the best of SIZES["runs"]); their checksums must agree."""
    log("pattern engine")
    suite = os.path.normpath(os.path.join(ROOT, "..", "shared", "lua-5.4.4-tests"))
    if os.path.isdir(suite):
        for name, n in SIZES["pattern_suite"].items():
            path = os.path.join(WORK, "stubbed-" + name)
            with open(os.path.join(suite, name), encoding="latin-1") as f:
                text = f.read()
            with open(path, "w", encoding="latin-1") as f:
                f.write(SUITE_STUBS + text)
            ours, base = best_cpu_times([PSYBENCH, "lua-file", path, str(n)],
                                        ["lua5.4", "Benchmarks/lua_file.lua", path, str(n)])
            slower("pattern", f"{name} ×{n} (sandbox, limits on; CPU time)", ours, base, 1.00,
                   basename="lua5.4")
    else:
        log(f"pattern: {suite} missing, suite files skipped")
    mb = SIZES["pattern_mb"]
    script = os.path.join(WORK, "pattern.lua")
    with open(script, "w") as f:
        f.write(f"MB = {mb}\nRUNS = {SIZES['runs']}\n" + open("Benchmarks/pattern.lua").read())
    def figures(cmd):
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        return [line.split("\t") for line in out.splitlines() if line.count("\t") == 2]
    ours = figures([PSY, "run", script, "--time-limit", "600", "--memory-limit", "2048"])
    base = figures(["lua5.4", script])
    for (name, t_ours, sum_ours), (_, t_base, sum_base) in zip(ours, base):
        slower("pattern", f"{name}, {mb} MB text (CPU time)", float(t_ours), float(t_base), 0.90,
               basename="lua5.4", note="" if sum_ours == sum_base else "outputs differ!")
    slower("pattern", "  the six workloads together", sum(float(r[1]) for r in ours),
           sum(float(r[1]) for r in base), 0.90, basename="lua5.4")


def bench_render(py_drawille):
    n = SIZES["svg"]
    log("SVG and terminal rendering")
    c = os.path.join(WORK, "face_svg")
    note = "" if same_output([PSYBENCH, "svg", "1000"], [c, "1000"]) else "outputs differ!"
    ours = best_time([PSYBENCH, "svg", str(n)])
    base = best_time([c, str(n)])
    slower("render", f"{n} face SVGs to stdout", ours, base, 1.0, basename="C", note=note)
    text = subprocess.run([PSYBENCH, "terminal", str(SIZES["terminal"])], capture_output=True,
                          text=True, check=True).stderr
    ours_us = number_in(text, r"terminal 160x48 none: ([0-9.]+) us/frame")
    if py_drawille:
        text = subprocess.run([py_drawille, "Benchmarks/drawille_face.py", str(SIZES["drawille"])],
                              capture_output=True, text=True, check=True).stdout
        base_us = number_in(text, r"drawille 160x48: ([0-9.]+) us/frame")
        faster("render", "terminal face, 160×48 cells", ours_us, base_us, 20, unit="µs",
               basename="drawille")
    else:
        row("render", "terminal face, 160×48 cells", ours_us, fmt(ours_us, "µs"), None,
            "drawille unavailable", None, "≥ 20× faster", None, "pip install drawille failed")


def bench_redraw():
    probe = subprocess.run([PSYBENCH, "redraw", "1"], capture_output=True, text=True)
    if probe.returncode != 0 or probe.stdout.startswith("usage:"):
        return
    log("redraw")
    text = subprocess.run([PSYBENCH, "redraw", str(SIZES["redraw"])], capture_output=True,
                          text=True).stderr + probe.stdout
    m = re.search(r"200x60[^\n]*?([0-9.]+) us", text) or re.search(r"([0-9.]+) us", text)
    if not m:
        return
    us = float(m.group(1))
    row("play", "full redraw, 200×60 terminal", us, fmt(us, "µs"), 2000.0, "budget 2000 µs",
        us / 2000.0, "≤ 1× budget", us <= 2000.0)


def bench_transition():
    text = subprocess.run([PSYBENCH, "transition", str(SIZES["redraw"])], capture_output=True,
                          text=True).stderr
    m = re.search(r"transition frame 200x60: ([0-9.]+) us", text)
    if not m:
        return
    us = float(m.group(1))
    row("play", "one transition frame, 200×60 terminal", us, fmt(us, "µs"), 2000.0,
        "budget 2000 µs", us / 2000.0, "≤ 1× budget", us <= 2000.0)


def bench_clips():
    """The seed's push as a GIF, an MP4 and an animated PNG at 30 fps and pixel scale 2:
    `show --animate -o` (frames drawn in-process and streamed to ffmpeg as raw pixels)
    against the by-hand way (`show --frames N`, rsvg-convert of each frame into a folder of
    PNGs, ffmpeg from the folder, the GIF through palettegen and paletteuse as ours is);
    wall time and peak RSS (of the whole tree: ffmpeg counts). Then memory against the
    clip's length: the same clip 4× and 16× longer (PSYCHOLOGIST_SLOW_ANIMATIONS)."""
    if shutil.which("ffmpeg") is None:
        log("clips: no ffmpeg (apt-get install ffmpeg), skipped")
        return
    log("clips")
    work = os.path.join(WORK, "clips")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    script = os.path.join(ROOT, "examples", "psychologist.lua")
    # The frames a transition takes at 30 fps (round(0.35 s × 30)), as the clip takes them.
    frames = round(0.35 * 30 + 1e-9)
    encodings = {
        "gif": "-filter_complex 'split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=0[p];"
               "[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle' -loop 0",
        "mp4": "-c:v libx264 -pix_fmt yuv420p -preset medium -crf 18 -movflags +faststart",
        "png": "-c:v apng -pix_fmt rgb24 -plays 0 -f apng",
    }
    runs = max(SIZES["runs"], 3)
    for ext, encoding in encodings.items():
        ours = [PSY, "show", script, "bite", "--screen", "--animate", "--pixel-scale", "2",
                "--hold", "0", "--time-limit", "300", "-o", os.path.join(work, "ours." + ext)]
        by_hand = ["sh", "-c",
                   f"set -e; d=$(mktemp -d); '{PSY}' show '{script}' bite --screen --frames "
                   f"{frames} --output-dir $d; for f in $d/*.svg; do rsvg-convert -z 2 -b white "
                   f"-o ${{f%.svg}}.png $f; done; ffmpeg -v error -y -framerate 30 -i "
                   f"$d/frame-%03d.png {encoding} '{os.path.join(work, 'hand.' + ext)}'; "
                   f"rm -r $d"]
        t_ours, t_hand = best_time(ours, runs=runs), best_time(by_hand, runs=runs)
        faster("clips", f"seed's push as .{ext}, 30 fps, pixel scale 2", t_ours, t_hand, 2,
               basename="by hand")
        memory("clips", f"  peak RSS (.{ext}, ffmpeg included)", peak_rss(ours),
               peak_rss(by_hand), basename="by hand")
        # Memory against the clip's length: the same push 4× and 16× longer. x264 holds up
        # to 40 frames ahead (its lookahead) by design, so an 11-frame MP4 does not fill it
        # and a 44-frame one does; past that, nothing may grow.
        def slowed(factor):
            env = dict(os.environ, PSYCHOLOGIST_SLOW_ANIMATIONS=str(factor))
            return int(subprocess.run([os.path.join(WORK, "peak_rss")] + ours, check=True,
                                      capture_output=True, text=True, env=env).stdout.strip())
        one, four, sixteen = peak_rss(ours), slowed(4), slowed(16)
        memory("clips", f"  peak RSS, clip 4× longer (.{ext})", four, one, basename="1× long")
        slower("clips", f"  peak RSS, clip 16× longer (.{ext})", sixteen, four, 1.1,
               unit="KiB", basename="4× long")


def table():
    headers = ["group", "benchmark", "ours", "baseline", "ratio", "target", "met"]
    lines = []
    for r in rows:
        ratio = "n/a" if r["ratio"] is None else f"{r['ratio']:.2f}×"
        met = "—" if r["met"] is None else ("yes" if r["met"] else "NO")
        if r["note"]:
            met += f" ({r['note']})"
        lines.append([r["group"], r["benchmark"], r["ours_text"], r["baseline_text"].strip(),
                      ratio, r["target"], met])
    widths = [max(len(h), *(len(l[i]) for l in lines)) for i, h in enumerate(headers)]
    out = ["| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |",
           "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    for l in lines:
        out.append("| " + " | ".join(c.ljust(w) for c, w in zip(l, widths)) + " |")
    return "\n".join(out)


def main():
    started = time.time()
    os.makedirs(WORK, exist_ok=True)
    apt_install("lua5.4", "lua5.4")
    py_drawille = drawille_python() if ONLY in (None, "render") else None
    build()
    groups = [("cold", bench_cold), ("throughput", bench_throughput), ("batch", bench_batch),
              ("faces", bench_faces),
              ("lua", bench_lua), ("lua_suite", bench_lua_suite), ("tables", bench_tables),
              ("pattern", bench_pattern),
              ("render", lambda: bench_render(py_drawille)), ("redraw", bench_redraw),
              ("transition", bench_transition), ("clips", bench_clips)]
    if ONLY and ONLY not in dict(groups):
        sys.exit(f"bench: no group {ONLY} (one of {', '.join(n for n, _ in groups)})")
    for group, run in groups:
        if ONLY in (None, group):
            run()
    text = table()
    print(("quick run (small sizes)\n" if QUICK else "") + text)
    os.makedirs(RESULTS, exist_ok=True)
    name = "bench" + (f"-{ONLY}" if ONLY else "") + ("-quick" if QUICK else "") + ".json"
    with open(os.path.join(RESULTS, name), "w") as f:
        json.dump({"quick": QUICK, "cores": os.cpu_count(), "sizes": SIZES,
                   "seconds": round(time.time() - started, 1),
                   "date": time.strftime("%Y-%m-%dT%H:%M:%S"), "rows": rows}, f, indent=2)
        f.write("\n")
    log(f"done in {time.time() - started:.0f} s; figures in bench-results/{name}")


if __name__ == "__main__":
    main()
