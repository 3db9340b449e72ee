"""AmpScope's probe: record your own PyTorch run's gradient statistics into an AmpScope run store.

    import ampscope
    probe = ampscope.watch(model, scaler=scaler, out="runs.db", every=1)
    for batch in loader:
        ...  # forward, scaler.scale(loss).backward(), scaler.step(opt), scaler.update()
        probe.step(loss)
    probe.close()          # or: with ampscope.watch(...) as probe:

Open the file with `ampscope --replay runs.db`, or follow it live with `ampscope --follow runs.db`.
What is recorded, and how: docs/probe.md.
"""
from ._ampscope import RunStoreError
from .probe import Probe, watch

__all__ = ["Probe", "RunStoreError", "watch"]
__version__ = "0.1.0"
