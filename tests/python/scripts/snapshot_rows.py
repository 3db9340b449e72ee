"""The probe's device snapshots (ampscope._scaler.ScalerView on a GPU), on CPU tensors: each step's
[loss, scale, tracker] as int32 bits in a row of a preallocated buffer, one launch a step. Checks
that the rows decode to exactly what the general float64 path gives, across the buffer's growth,
for every loss the probe accepts (fp32, fp16, bf16, 0-d or not, nan/inf, a Python float, None, no
scaler), that a float64 loss or a scale of another dtype falls back to the float64 path, and that
a statistics step's block is the buffer's rows and the next ones go to a fresh buffer.
Prints "ok N" and exits 0, or the first difference and exits 1."""
import math
import sys

import torch

from ampscope._scaler import ScalerView
from common import RuleScaler

torch.manual_seed(0)
checked = 0


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


def expect_row(sv, row, loss, scale, tracker):
    global checked
    got = ScalerView.host_rows(row.reshape(1, 3))[0]
    want = ScalerView.host_rows(sv._snapshot_f64(loss, scale).reshape(1, 3))[0]
    if not all(same(g, w) for g, w in zip(got, want)):
        fail(f"row {got} != float64 path {want} (loss {loss!r}, scale {scale}, tracker {tracker})")
    f64 = ScalerView.device_f64(row).tolist()
    if not all(same(g, w) for g, w in zip(f64, want)):
        fail(f"device_f64 {f64} != {want}")
    if not same(float(ScalerView.scale_of(row)), want[1]):
        fail(f"scale_of {float(ScalerView.scale_of(row))} != {want[1]}")
    checked += 1
    return got


scaler = RuleScaler(init_scale=2.0 ** 16, growth_interval=2000)
scaler.scale(torch.ones(()))  # creates _scale (fp32) and _growth_tracker (int32)
sv = ScalerView(scaler)
losses = [lambda i: torch.tensor(0.1 * i + 1e-7, dtype=torch.float32),
          lambda i: torch.tensor([2.5 + i, 7.0, 8.0]),                 # not 0-d: its first element
          lambda i: torch.tensor(1.0 / (i + 3), dtype=torch.float16),   # exact in fp32
          lambda i: torch.tensor(3.0 + i, dtype=torch.bfloat16),
          lambda i: torch.tensor(float("nan")), lambda i: torch.tensor(float("inf")),
          lambda i: 0.25 * i, lambda i: None]
rows, wants = [], []
for i in range(150):  # over the first buffer's 64 rows, and over the doubled one's 128
    scaler._scale.fill_(2.0 ** ((i % 60) - 20) * (1.0 if i % 7 else 1.5))
    scaler._growth_tracker.fill_(i * 13 % 2000)
    loss = losses[i % len(losses)](i)
    row = sv._snapshot_bits(loss, sv.scale_tensor())
    if row is None:
        fail(f"step {i}: the bits path refused loss {loss!r}")
    rows.append(row)
    wants.append(expect_row(sv, row, loss, sv.scale_tensor(), int(scaler._growth_tracker)))
# Rows written before the buffer grew still read right, and the block holds every row in order.
for i, (row, want) in enumerate(zip(rows, wants)):
    if not all(same(g, w) for g, w in zip(ScalerView.host_rows(row.reshape(1, 3))[0], want)):
        fail(f"row {i} changed after the buffer grew")
block = sv.pending_block(len(rows))
if block is None or block.shape != (150, 3):
    fail(f"pending_block: {None if block is None else tuple(block.shape)}")
for i, (got, want) in enumerate(zip(ScalerView.host_rows(block.clone()), wants)):
    if not all(same(g, w) for g, w in zip(got, want)):
        fail(f"block row {i}: {got} != {want}")
if sv.pending_block(149) is not None:
    fail("pending_block accepted a count that is not the buffer's")
old = block.clone()
sv.rows_consumed()
row = sv._snapshot_bits(torch.tensor(42.0), sv.scale_tensor())
if sv.pending_block(1) is None or not torch.equal(block, old):
    fail("after rows_consumed the next row must start a fresh buffer and leave the old rows alone")
expect_row(sv, row, torch.tensor(42.0), sv.scale_tensor(), int(scaler._growth_tracker))

# What the bits path refuses: a float64 loss (fp32 would round it), a scale that is not fp32.
if sv._snapshot_bits(torch.tensor(1.0 / 3.0, dtype=torch.float64), sv.scale_tensor()) is not None:
    fail("a float64 loss went through the fp32 bits")
scaler._scale = scaler._scale.double()
if sv._snapshot_bits(torch.tensor(1.0), sv.scale_tensor()) is not None:
    fail("a float64 scale went through the fp32 bits")

# No scaler: scale 1, tracker 0.
nosv = ScalerView(None)
row = nosv._snapshot_bits(torch.tensor(0.75), None)
if row is None or ScalerView.host_rows(row.reshape(1, 3))[0] != [0.75, 1.0, 0.0]:
    fail(f"no scaler: {None if row is None else ScalerView.host_rows(row.reshape(1, 3))}")
checked += 1
print("ok", checked)
