"""bench_probe: what the Python probe costs a real training loop (docs/probe.md, "Overhead").

The same Python MLP loop (CPU, fp32, SGD) with no probe (the baseline), with the probe at every 1,
10 and 100 (defaults: activations on, fp16 format), and with the naive approach at the same
cadences (per parameter: min/max .item(), torch.histc with 64 bins, .tolist(): what TensorBoard /
W&B users do), in one run: rounds interleave blocks of 100 steps of each variant (all set up
at once), each variant's time per step is that of its fastest block (and the median). Prints a table with the ratio to the baseline.
On CUDA (argv[2] = cuda): the same loop on the GPU in real fp16 (torch.autocast) with
torch.amp.GradScaler("cuda"), which the probe reads; each block ends with a synchronize.
argv: [rounds of 100 steps per variant, default 12] [cpu|cuda, default cpu]
environment: PYTHONPATH=<build>/python"""
import os
import statistics
import sys
import tempfile
import time

import torch

import ampscope
from probe_loop import make, make_data, train_step

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 12
DEVICE = sys.argv[2] if len(sys.argv) > 2 else "cpu"
CUDA = DEVICE == "cuda"
if CUDA and not torch.cuda.is_available():
    sys.exit("bench_probe: no CUDA device")
torch.set_num_threads(1)


X, Y = make_data(DEVICE)


def sync():
    if CUDA:
        torch.cuda.synchronize()


def naive_log(model, sink):
    for name, p in model.named_parameters():
        g = p.grad
        lo, hi = g.min().item(), g.max().item()
        sink.append((name, torch.histc(g, bins=64, min=lo, max=hi).tolist(), g.norm().item()))


class Loop:
    """One variant's model, optimizer and probe; steps run in blocks, interleaved with the other
    variants' blocks, so that a load change on the machine hits every variant alike."""

    def __init__(self, variant, every, db):
        self.variant, self.every, self.i, self.sink = variant, every, 0, []
        self.own = 0.0  # seconds spent in probe.step() / the naive logging itself
        self.model, self.opt = make(DEVICE)
        self.scaler = torch.amp.GradScaler("cuda") if CUDA else None
        self.probe = None
        if variant.startswith("probe"):
            self.probe = ampscope.watch(self.model, out=db, every=every, optimizer=self.opt,
                                        scaler=self.scaler, activations=variant != "probe, no activations")
            if variant == "probe, f64 snapshot":
                # The snapshot before the int32 rows (four launches a step on a GPU), for comparison.
                sv = self.probe._scaler
                sv.snapshot = lambda loss, sv=sv: sv._snapshot_f64(loss, sv.scale_tensor())

    def block(self, n):
        model, opt, probe, scaler = self.model, self.opt, self.probe, self.scaler
        sync()
        t0 = time.perf_counter()
        for _ in range(n):
            i = self.i
            loss = train_step(model, opt, scaler, X, Y, i)
            t1 = time.perf_counter()
            if probe is not None:
                probe.step(loss)
            elif self.variant == "naive" and i % self.every == 0:
                naive_log(model, self.sink)
                self.sink.clear()
            self.own += time.perf_counter() - t1
            self.i += 1
        sync()
        return (time.perf_counter() - t0) / n


variants = [("none", 1), ("probe", 1), ("probe, no activations", 1), ("probe", 10), ("probe", 100),
            ("naive", 1), ("naive", 10), ("naive", 100)]
if CUDA:  # the device snapshot's old form beside the new (on the CPU both read three floats)
    variants += [("probe, f64 snapshot", 10), ("probe, f64 snapshot", 100)]
times = {v: [] for v in variants}
with tempfile.TemporaryDirectory() as d:
    loops = {v: Loop(v[0], v[1], os.path.join(d, "runs.db")) for v in variants}
    for v in variants:
        loops[v].block(10)  # warm-up
    # Blocks of 100 steps: a whole cadence of every=100 (one statistics step in each block).
    for r in range(ROUNDS):
        for v in variants:
            times[v].append(loops[v].block(100))
    for lp in loops.values():
        if lp.probe is not None:
            lp.probe.close()
base_min, base_med = min(times[("none", 1)]), statistics.median(times[("none", 1)])
where = (f"CUDA ({torch.cuda.get_device_name()}) fp16 autocast + torch.amp.GradScaler" if CUDA
         else "CPU fp32, 1 thread")
print(f"bench_probe: MLP 256-512-512-512-10, batch 128, {where}, {ROUNDS} rounds of 100 steps, "
      f"torch {torch.__version__}, kernels ISA {ampscope._ampscope.cpu_isa()}")
print(f"load average at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
print("best = the fastest block (other processes' load only ever adds time); median = the middle block;")
print("own = time inside probe.step() / the naive logging per step (the backward hooks' cost is not in it)")
print("| variant | every | ms/step best | vs none | ms/step median | vs none | own ms/step | own / none best |")
print("|---|---|---|---|---|---|---|---|")
for v in variants:
    b, m = min(times[v]), statistics.median(times[v])
    own = loops[v].own / max(loops[v].i, 1)
    print(f"| {v[0]} | {v[1] if v[0] != 'none' else '-'} | {b * 1e3:.3f} | {b / base_min:.3f} | {m * 1e3:.3f} | "
          f"{m / base_med:.3f} | {own * 1e3:.3f} | {own / base_min:.3f} |")
