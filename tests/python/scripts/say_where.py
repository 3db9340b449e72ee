"""Test (j): on a terminal the probe says on stderr, when the run opens, how to follow it live
(`--follow FILE:NAME` for a named run whose name --follow reads as a name, else FILE:ID), and at
close where the run is and how to open it (as `ampscope record` does); rank 0 of a DDP group
names the group's --follow both times; to a file or a pipe it says nothing.
argv: scratch_dir"""
import io
import os
import pty
import sys
import time

import torch

import ampscope

scratch = sys.argv[1]
failures = []


def train(out, name=None, ddp=False):
    model = torch.nn.Linear(3, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    with ampscope.watch(model, out=out, optimizer=opt, name=name) as probe:
        for i in range(3):
            opt.zero_grad()
            loss = model(torch.randn(4, 3)).pow(2).mean()
            loss.backward()
            opt.step()
            probe.step(loss)
            while i == 0 and probe.run_id == 0:  # as a real step's time lets the writer create the run
                time.sleep(0.001)
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
want = (f"ampscope: recording run {run} (generator) into {db}; follow it live: ampscope --follow '{db}':generator\n"
        f"ampscope: run {run} (generator) is in {db}; look at it: ampscope --replay '{db}':{run}\n")
if text != want:
    failures.append(f"on a terminal: {text!r}, expected {want!r}")
run, text = said(db, name="gen 2")  # quoted for the shell as one word with the file
if f"follow it live: ampscope --follow '{db}':'gen 2'\n" not in text:
    failures.append(f"a name with a space: {text!r}")
run, text = said(db, name="bs:256")  # a name with a colon: --follow splits after the file that exists
if f"follow it live: ampscope --follow '{db}':bs:256\n" not in text:
    failures.append(f"a name with a colon: {text!r}")
for digits in ("7", "+7", "group=a"):  # --follow would read these as an id or a group: the id instead
    run, text = said(db, name=digits)
    if f"follow it live: ampscope --follow '{db}':{run}\n" not in text:
        failures.append(f"a run named {digits!r}: {text!r}")
run, text = said(os.path.join(scratch, "plain.db"))
want = (f"ampscope: recording run {run} into {scratch}/plain.db; follow it live: ampscope --follow {scratch}/plain.db:{run}\n"
        f"ampscope: run {run} is in {scratch}/plain.db; look at it: ampscope --replay {scratch}/plain.db:{run}\n")
if text != want:
    failures.append(f"an unnamed run: {text!r}, expected {want!r}")
run, text = said(os.path.join(scratch, "ddp.db"), ddp=True)
want = (f"ampscope: run {run} (rank 0 of 2) and its group's other ranks are in {scratch}/ddp.db; look at them: "
        f"ampscope --follow {scratch}/ddp.db:group='job 7'\n")
if not text.endswith(want):
    failures.append(f"rank 0 of a group: {text!r}, expected it to end with {want!r}")
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
