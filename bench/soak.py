#!/usr/bin/env python3
"""Soak test (a benchmark, not a CI test): records a long headless run of spiral-mlp with
`ampscope record`, samples the recorder's resident memory (VmRSS from /proc/PID/status) and
the steps committed to the run store along the way, and prints a table of steps, RSS and the
growth against the first sample after warm-up. Pass: growth under 5 %.

Afterwards it checks that the store opens (`PRAGMA integrity_check`, steps stored = steps
trained) and that `ampscope export` reads it.

Usage (from the repository root, after a build):
  nice -n 19 bench/soak.py --ampscope build/default/app/ampscope            # 1,000,000 steps
  bench/soak.py --ampscope ... --steps 200000 --stats-every 1 --batch-size 256

Only the standard library is used (sqlite3 reads the store while it is written: WAL mode lets
a reader in without blocking the writer).
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def committed_steps(db):
    """Steps stored so far in the newest run, or 0 while the file or the run does not exist yet."""
    if not os.path.exists(db):
        return 0
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1.0)
        try:
            row = con.execute("SELECT count(*) FROM steps WHERE run_id = (SELECT max(id) FROM runs)").fetchone()
            return int(row[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ampscope", default="build/default/app/ampscope", help="the ampscope executable")
    ap.add_argument("--steps", type=int, default=1_000_000)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--stats-every", type=int, default=10,
                    help="per-layer statistics (weights and activations) every N steps (default 10)")
    ap.add_argument("--precision", default="fp16")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--interval", type=float, default=5.0, help="seconds between samples")
    # Warm-up: the run store keeps a 32 MiB SQLite page cache (PRAGMA cache_size=-32768), which
    # fills while the file grows to 32 MiB (about 80,000 steps at the default settings): until
    # then RSS rises with the file by design. The baseline is taken after it.
    ap.add_argument("--warmup", type=float, default=0.1,
                    help="share of the steps after which the baseline RSS is taken (default 0.1)")
    ap.add_argument("--out", help="run store to write (default: a temporary file, removed at the end)")
    ap.add_argument("--rows", type=int, default=20, help="rows in the printed table")
    ap.add_argument("--log", help="also append every sample to this file (CSV), e.g. to follow a long run")
    args = ap.parse_args()

    tmp = None
    if args.out:
        db = args.out
    else:
        tmp = tempfile.mkdtemp(prefix="ampscope-soak-")
        db = os.path.join(tmp, "soak.ampscope")
    cmd = [args.ampscope, "record", "--model", "spiral-mlp", "--precision", args.precision,
           "--batch-size", str(args.batch_size), "--steps", str(args.steps),
           "--stats-every", str(args.stats_every), "--threads", str(args.threads), "--quiet", "--out", db]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    print("soak:", " ".join(cmd), flush=True)
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    samples = []  # (seconds, steps committed, rss KiB)
    log = open(args.log, "a") if args.log else None
    while proc.poll() is None:
        time.sleep(args.interval)
        rss = rss_kib(proc.pid)
        if rss is None:
            break
        s = (time.monotonic() - t0, committed_steps(db), rss)
        samples.append(s)
        if log:
            log.write("%.1f,%d,%d\n" % s)
            log.flush()
    out, err = proc.communicate()
    secs = time.monotonic() - t0
    if log:
        log.close()
    if proc.returncode != 0:
        print(f"FAIL: ampscope record exited with {proc.returncode}\n{err}", file=sys.stderr)
        return 1
    result = json.loads(out.strip().splitlines()[-1])

    warm_steps = args.warmup * args.steps
    after = [s for s in samples if s[1] >= warm_steps]
    if len(after) < 2:
        print("FAIL: too few samples after warm-up; use a smaller --interval", file=sys.stderr)
        return 1
    base = after[0][2]
    peak = max(s[2] for s in after)
    last = after[-1][2]
    growth = (peak - base) / base

    print()
    print(f"{'seconds':>9} | {'steps':>9} | {'RSS MiB':>8} | {'vs warm-up':>10}")
    print("----------+-----------+----------+-----------")
    pick = sorted({round(i * (len(samples) - 1) / max(1, args.rows - 1)) for i in range(args.rows)})
    for i in pick:
        t, n, r = samples[i]
        rel = f"{100.0 * (r - base) / base:+.2f}%" if n >= warm_steps else "warm-up"
        print(f"{t:9.0f} | {n:9d} | {r / 1024:8.1f} | {rel:>10}")
    print()
    print(f"steps trained: {result['steps']}, steps/s: {result['steps_per_sec']:.0f}, wall: {secs:.0f} s, "
          f"status: {result['status']}, committed: {result['committed_steps']}")
    print(f"RSS after warm-up ({after[0][1]} steps): {base / 1024:.1f} MiB; peak {peak / 1024:.1f} MiB; "
          f"last {last / 1024:.1f} MiB; growth {100 * growth:+.2f}% (pass: < 5%)")

    ok = growth < 0.05 and result["steps"] == args.steps and result["committed_steps"] == args.steps
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    integrity = con.execute("PRAGMA integrity_check").fetchone()[0]
    stored = con.execute("SELECT count(*) FROM steps WHERE run_id = ?", (result["run_id"],)).fetchone()[0]
    con.close()
    print(f"store: {os.path.getsize(db) / 2**20:.0f} MiB, integrity_check {integrity}, {stored} steps stored")
    ok = ok and integrity == "ok" and stored == args.steps
    csv = tempfile.mkdtemp(prefix="ampscope-soak-csv-")
    ex = subprocess.run([args.ampscope, "export", db, "--run", str(result["run_id"]), "--csv", csv],
                        capture_output=True, text=True, env=env)
    rows = 0
    if ex.returncode == 0:
        with open(os.path.join(csv, "steps.csv")) as f:
            rows = sum(1 for _ in f) - 1
    print(f"ampscope export: exit {ex.returncode}, steps.csv has {rows} rows {ex.stderr.strip()}")
    ok = ok and ex.returncode == 0 and rows == args.steps
    shutil.rmtree(csv, ignore_errors=True)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
