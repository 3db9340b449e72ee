"""Test (f): watch() refuses, at the call, what would otherwise fail later or record something
else than asked: each bad argument raises the named error with a message that names it, and a
model without a trainable parameter warns. Nothing is written for a refused call.
argv: scratch_dir"""
import os
import sys
import warnings

import torch

import ampscope

scratch = sys.argv[1]
model = torch.nn.Linear(4, 2)
db = os.path.join(scratch, "runs.db")
cases = [
    ("model", dict(model="model", out=db), TypeError, "model must be a torch.nn.Module, got str"),
    ("out empty", dict(model=model, out=""), ValueError, "out must name the run store's file, got ''"),
    ("out None", dict(model=model, out=None), ValueError, "out must name the run store's file, got None"),
    ("every", dict(model=model, out=db, every=0), ValueError, "every must be >= 1"),
    ("reference_every", dict(model=model, out=db, reference_every=-1), ValueError, "reference_every must be >= 0"),
    ("every str", dict(model=model, out=db, every="2"), TypeError, "every must be an int, got '2'"),
    ("every float", dict(model=model, out=db, every=2.5), TypeError, "every must be an int, got 2.5"),
    ("reference_every bool", dict(model=model, out=db, reference_every=True), TypeError,
     "reference_every must be an int, got True"),
    ("format", dict(model=model, out=db, format="fp64"), ValueError, "format must be one of"),
    ("precision", dict(model=model, out=db, precision="bfloat16"), ValueError,
     "precision must be 'fp16', 'bf16' or 'fp32' (or None: read off the first forward pass), got 'bfloat16'"),
    ("histogram_range", dict(model=model, out=db, histogram_range=(10, 5)), ValueError,
     "histogram_range must be (lo, hi) with -149 <= lo < hi <= 127, got (10, 5)"),
    ("histogram_range wide", dict(model=model, out=db, histogram_range=(-200, 0)), ValueError, "got (-200, 0)"),
    ("name int", dict(model=model, out=db, name=3), TypeError, "name must be a str (or None), got int"),
    ("name two lines", dict(model=model, out=db, name="G\nD"), ValueError,
     "name must be one line of text, without tabs or control characters, got 'G\\nD'"),
    ("name too long", dict(model=model, out=db, name="\u00e9" * 81), ValueError, "name must be at most 80 characters, got 81"),
    ("name surrogate", dict(model=model, out=db, name="x\ud800"), ValueError, "name must be valid text"),
]
failures = []
for name, kwargs, error, text in cases:
    try:
        probe = ampscope.watch(**kwargs)
        probe.close()
        failures.append(f"{name}: accepted")
    except error as e:
        if text not in str(e) or not str(e).startswith("ampscope.watch: "):
            failures.append(f"{name}: {type(e).__name__}: {e}")
    except Exception as e:  # another error than the one named
        failures.append(f"{name}: {type(e).__name__}: {e}")
if os.path.exists(db):
    failures.append("a refused watch() created the run store")

# A pathlib.Path is a file name too.
import pathlib
with ampscope.watch(model, out=pathlib.Path(scratch) / "path.db") as probe:
    model(torch.randn(3, 4)).sum().backward()
    probe.step(torch.tensor(0.0))
if not os.path.exists(os.path.join(scratch, "path.db")):
    failures.append("out=pathlib.Path: no store written")

frozen = torch.nn.Linear(4, 2).requires_grad_(False)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ampscope.watch(frozen, out=os.path.join(scratch, "frozen.db")).close()
if not any("no parameter with requires_grad" in str(w.message) for w in caught):
    failures.append(f"frozen model: no warning ({[str(w.message) for w in caught]})")

print("\n".join(failures) if failures else "all refused as expected")
sys.exit(1 if failures else 0)
