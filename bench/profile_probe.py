"""profile_probe: where the time of the Python probe's probe.step() goes, by torch.profiler.

The loop of bench_probe.py (probe_loop.py: MLP 256-512-512-512-10, batch 128; on CUDA in real fp16
autocast with torch.amp.GradScaler) with the probe at every=N, 100 warm-up steps, then STEPS steps under
torch.profiler (CPU activity, and CUDA where there is one). The probe's own methods are wrapped
in record_function ranges (ampscope.step, .snapshot, .record_stats, .lr, .arm_hooks), so the
table shows their inclusive host time beside the operators they call. Prints the profiler's
table sorted by CPU time, the wrapped ranges first, per step.
argv: [cpu|cuda, default cuda if available] [every, default 100] [steps, default 300]
environment: PYTHONPATH=<build>/python"""
import os
import sys
import tempfile

import torch
from torch.profiler import ProfilerActivity, profile, record_function

import ampscope
from ampscope import probe as probe_mod
from ampscope._scaler import ScalerView
from probe_loop import make, make_data, train_step

DEVICE = sys.argv[1] if len(sys.argv) > 1 else ("cuda" if torch.cuda.is_available() else "cpu")
EVERY = int(sys.argv[2]) if len(sys.argv) > 2 else 100
STEPS = int(sys.argv[3]) if len(sys.argv) > 3 else 300
CUDA = DEVICE == "cuda"
torch.set_num_threads(1)


def wrap(cls, name, label):
    fn = getattr(cls, name)

    def wrapped(*a, **k):
        with record_function(label):
            return fn(*a, **k)
    setattr(cls, name, wrapped)


wrap(probe_mod.Probe, "step", "ampscope.step")
wrap(probe_mod.Probe, "_record_stats", "ampscope.record_stats")
wrap(probe_mod.Probe, "_lr", "ampscope.lr")
wrap(probe_mod.Probe, "_arm_hooks", "ampscope.arm_hooks")
wrap(ScalerView, "snapshot", "ampscope.snapshot")

model, opt = make(DEVICE)
scaler = torch.amp.GradScaler("cuda") if CUDA else None
X, Y = make_data(DEVICE)

with tempfile.TemporaryDirectory() as d:
    probe = ampscope.watch(model, out=os.path.join(d, "runs.db"), every=EVERY, optimizer=opt, scaler=scaler)

    def step(i):
        probe.step(train_step(model, opt, scaler, X, Y, i))

    for i in range(100):
        step(i)
    if CUDA:
        torch.cuda.synchronize()
    acts = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if CUDA else [])
    with profile(activities=acts) as prof:
        for i in range(100, 100 + STEPS):
            step(i)
        if CUDA:
            torch.cuda.synchronize()
    probe.close()

print(f"profile_probe: {DEVICE}, every={EVERY}, {STEPS} steps profiled, torch {torch.__version__}")
ev = prof.key_averages()
print("per step (us): inclusive CPU time of the probe's ranges, and their calls")
for e in sorted((e for e in ev if e.key.startswith("ampscope.")), key=lambda e: -e.cpu_time_total):
    print(f"  {e.key:<24} {e.cpu_time_total / STEPS:9.1f} us/step  {e.count / STEPS:6.2f} calls/step")
print(ev.table(sort_by="self_cpu_time_total", row_limit=30, max_name_column_width=48))
