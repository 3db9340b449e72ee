"""bench_probe: what the Python probe costs a real training loop (docs/probe.md, "Overhead").

The same Python MLP loop (CPU, fp32, SGD) with no probe (the baseline), with the probe at every 1,
10 and 100 (defaults: activations on, fp16 format), and with the naive approach at the same
cadences (per parameter: min/max .item(), torch.histc with 64 bins, .tolist(): what TensorBoard /
W&B users do), in one run: rounds interleave the variants, each variant's time per step is the
median over rounds. Prints a table with the ratio to the baseline.
argv: [steps per round] [rounds]   environment: PYTHONPATH=<build>/python"""
import os
import statistics
import sys
import tempfile
import time

import torch

import ampscope

STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
torch.set_num_threads(1)


def make():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 512), torch.nn.ReLU(),
                                torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    return model, torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)


X = torch.randn(1024, 256)
Y = torch.randint(0, 10, (1024,))


def naive_log(model, sink):
    for name, p in model.named_parameters():
        g = p.grad
        lo, hi = g.min().item(), g.max().item()
        sink.append((name, torch.histc(g, bins=64, min=lo, max=hi).tolist(), g.norm().item()))


def run(variant, every, db):
    model, opt = make()
    probe = ampscope.watch(model, out=db, every=every, optimizer=opt) if variant == "probe" else None
    sink = []
    t0 = time.perf_counter()
    for i in range(STEPS):
        idx = (i * 128) % (1024 - 128)
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(X[idx:idx + 128]), Y[idx:idx + 128])
        loss.backward()
        opt.step()
        if probe is not None:
            probe.step(loss)
        elif variant == "naive" and i % every == 0:
            naive_log(model, sink)
    if probe is not None:
        probe.close()  # the writer's last commit counts: the user waits for it too
    return (time.perf_counter() - t0) / STEPS


variants = [("none", 1), ("probe", 1), ("probe", 10), ("probe", 100), ("naive", 1), ("naive", 10), ("naive", 100)]
times = {v: [] for v in variants}
with tempfile.TemporaryDirectory() as d:
    run("none", 1, None)  # warm-up
    for r in range(ROUNDS):
        for v in variants:
            times[v].append(run(v[0], v[1], os.path.join(d, f"runs{r}.db")))
base = statistics.median(times[("none", 1)])
print(f"bench_probe: MLP 256-512-512-512-10, batch 128, CPU fp32, 1 thread, {STEPS} steps x {ROUNDS} rounds, "
      f"torch {torch.__version__}, kernels ISA {ampscope._ampscope.cpu_isa()}")
print(f"load average at the end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
print("| variant | every | ms/step (median) | vs none |")
print("|---|---|---|---|")
for v in variants:
    m = statistics.median(times[v])
    print(f"| {v[0]} | {v[1] if v[0] != 'none' else '-'} | {m * 1e3:.3f} | {m / base:.3f} |")
