"""Test (j): on a terminal the probe says at close where the run is and how to open it, one line
on stderr (as `ampscope record` does; rank 0 of a DDP group names the group's --follow); to a
file or a pipe it says nothing.
argv: scratch_dir"""
import io
import os
import pty
import sys

import torch

import ampscope

scratch = sys.argv[1]
failures = []


def train(out, name=None, ddp=False):
    model = torch.nn.Linear(3, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    with ampscope.watch(model, out=out, optimizer=opt, name=name) as probe:
        for _ in range(3):
            opt.zero_grad()
            loss = model(torch.randn(4, 3)).pow(2).mean()
            loss.backward()
            opt.step()
            probe.step(loss)
        if ddp:  # as origin() reads a DDP rank 0 of two (the gloo test runs with pipes: silent)
            probe.world_size, probe.group = 2, "job 7"
    return probe.run_id


def said(out, name=None, ddp=False):
    """What the probe wrote to stderr when stderr was a terminal."""
    master, slave = pty.openpty()
    real = sys.stderr
    sys.stderr = open(slave, "w", closefd=True)
    try:
        run = train(out, name, ddp)
    finally:
        sys.stderr.close()
        sys.stderr = real
    text = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the slave side is closed: all read
            break
        if not chunk:
            break
        text += chunk
    os.close(master)
    return run, text.decode().replace("\r\n", "\n")


db = os.path.join(scratch, "my runs.db")
run, text = said(db, name="generator")
want = f"ampscope: run {run} (generator) is in {db}; look at it: ampscope --replay '{db}':{run}\n"
if text != want:
    failures.append(f"on a terminal: {text!r}, expected {want!r}")
run, text = said(os.path.join(scratch, "plain.db"))
if f"ampscope: run {run} is in " not in text or "(" in text.split(" is in ")[0]:
    failures.append(f"an unnamed run: {text!r}")
run, text = said(os.path.join(scratch, "ddp.db"), ddp=True)
want = (f"ampscope: run {run} (rank 0 of 2) and its group's other ranks are in {scratch}/ddp.db; look at them: "
        f"ampscope --follow {scratch}/ddp.db:group='job 7'\n")
if text != want:
    failures.append(f"rank 0 of a group: {text!r}, expected {want!r}")
captured = io.StringIO()  # not a terminal: nothing
real, sys.stderr = sys.stderr, captured
try:
    train(db)
finally:
    sys.stderr = real
if captured.getvalue():
    failures.append(f"said to a pipe: {captured.getvalue()!r}")
print("failures:", failures if failures else "none")
sys.exit(1 if failures else 0)
