"""The probe: watch(model, ...) -> Probe; probe.step(loss) once per optimizer step. docs/probe.md."""
import json
import numbers
import os
import re
import shlex
import sys
import warnings
import weakref
import atexit

import torch

from . import _ampscope
from ._dist import origin
from ._scaler import ScalerView

# Smallest subnormal of each histogram format, as a power of two (docs/measurements.md).
_MIN_SUBNORMAL_EXP = {"fp16": -24, "bf16": -133, "fp8-e4m3": -9, "fp8-e5m2": -16, "fp32": -149}
_DTYPE_NAMES = {torch.float32: "float32", torch.float16: "float16", torch.bfloat16: "bfloat16"}
_OPTIMIZERS = {"SGD": "sgd", "Adam": "adam", "AdamW": "adamw"}


def watch(model, scaler=None, out="runs.db", every=1, layers=None, activations=True, format="fp16",
          reference_every=0, optimizer=None, precision=None, histogram_range=(-40, 20), on_error="warn",
          name=None):
    """Start recording `model`'s gradients into the run store `out`. Returns a Probe: call
    probe.step(loss) once per optimizer step, after scaler.update() (or optimizer.step()), before
    the gradients are zeroed; probe.close() at the end (or use it as a context manager).

    scaler: the run's torch.cuda.amp.GradScaler / torch.amp.GradScaler (optional): its scale,
        growth tracker, found_inf and skipped steps are recorded every step.
    every: per-layer statistics every `every` steps (loss and scale: every step).
    layers: regex; only modules whose name matches (re.search) are recorded (both the
        parameters' gradients and the activation gradients).
    activations: also record the gradients of each leaf module's output (tensor hooks on the
        outputs, armed on statistics steps only).
    format: the low-precision format the statistics are classified against: "fp16", "bf16",
        "fp8-e4m3", "fp8-e5m2" (subnormals, underflow, overflow).
    reference_every: every k steps also count underflow: elements that the format would flush to
        zero, and their share of the gradient's mass (docs/probe.md says why not a reference
        backward).
    optimizer: the optimizer, to record its kind and learning rate (optional).
    precision: the run's label ("fp16", "bf16", "fp32"); default: what the first forward pass
        ran in: the dtype of torch.autocast when it is on (float16: fp16, bfloat16: bf16), else
        the parameters' dtype when it is float16 or bfloat16, else fp16 when the scaler is
        enabled, else fp32.
    on_error: when the run store cannot be opened or written (a full disk, a file that is not a
        run store): "warn" (default) says why once (a RuntimeWarning) and your training goes on
        unrecorded; "raise" raises ampscope.RunStoreError from the next probe.step() or close().
    name: your name for the run ("generator", "lr 3e-4"), shown beside the model's class wherever
        runs are listed (`ampscope runs`, the run browser, the window's title); one line of at
        most 80 characters. Default: none, the class alone ("Sequential").
    """
    return Probe(model, scaler=scaler, out=out, every=every, layers=layers, activations=activations,
                 format=format, reference_every=reference_every, optimizer=optimizer,
                 precision=precision, histogram_range=histogram_range, on_error=on_error, name=name)


class Probe:
    def __init__(self, model, scaler=None, out="runs.db", every=1, layers=None, activations=True,
                 format="fp16", reference_every=0, optimizer=None, precision=None,
                 histogram_range=(-40, 20), on_error="warn", name=None):
        # What would otherwise fail later, or record something else than asked, is refused here.
        if not isinstance(model, torch.nn.Module):
            raise TypeError(f"ampscope.watch: model must be a torch.nn.Module, got {type(model).__name__}")
        out = os.fspath(out) if isinstance(out, (str, os.PathLike)) else out
        if not isinstance(out, str) or not out:
            # SQLite takes an empty name for a temporary database, deleted at close: the run would be lost.
            raise ValueError(f"ampscope.watch: out must name the run store's file, got {out!r}")
        for arg, value in (("every", every), ("reference_every", reference_every)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise TypeError(f"ampscope.watch: {arg} must be an int, got {value!r}")
        if every < 1:
            raise ValueError("ampscope.watch: every must be >= 1")
        if reference_every < 0:
            raise ValueError("ampscope.watch: reference_every must be >= 0 (0 = never)")
        if format not in _MIN_SUBNORMAL_EXP:
            raise ValueError(f"ampscope.watch: format must be one of {sorted(_MIN_SUBNORMAL_EXP)}")
        if precision is not None and precision not in ("fp16", "bf16", "fp32"):
            raise ValueError(f"ampscope.watch: precision must be 'fp16', 'bf16' or 'fp32' (or None: read off the "
                             f"first forward pass), got {precision!r}")
        self.name = _checked_name(name)
        if on_error not in ("warn", "raise"):
            raise ValueError(f"ampscope.watch: on_error must be 'warn' or 'raise', got {on_error!r}")
        self.on_error = on_error
        self._failed = False        # recording failed and on_error="warn": the training goes on unrecorded
        lo, hi = histogram_range
        if not (-149 <= int(lo) < int(hi) <= 127):
            raise ValueError(f"ampscope.watch: histogram_range must be (lo, hi) with -149 <= lo < hi <= 127, "
                             f"got {tuple(histogram_range)!r}")
        # DistributedDataParallel / DataParallel: names and class of the user's own model.
        if type(model).__name__ in ("DistributedDataParallel", "DataParallel") and hasattr(model, "module"):
            model = model.module
        self.model = model
        self.out = str(out)
        self.every = int(every)
        self.reference_every = int(reference_every)
        self.format = format
        self._hist_range = (int(histogram_range[0]), int(histogram_range[1]))
        self.optimizer = optimizer
        self._filter = re.compile(layers) if layers else None
        self._scaler = ScalerView(scaler)
        self._step = 0
        self._pending = []          # per step since the last copy: [loss, scale, tracker] (device)
        self._pending_lr = []
        self._recorder = None
        self._closed = False
        self._act = {}              # module name -> its outputs' gradients in the last backward pass
        self._act_stale = False     # a forward call of the model since the last of them arrived
        self._loss_given = True     # the first probe.step() had a loss (set there)
        self._live_untold = False   # the run is open and "follow it live" is still to be told (_open_run)
        self._hooks = []
        self.rank, self.world_size, self.group = origin()
        # The scale the current step's backward ran with: scaler.update() has already replaced
        # scaler._scale when probe.step() runs. First step: the scale at watch() (a scaler
        # already running), else the scaler's init_scale (what its first scale() creates).
        sv = self._scaler
        self._scale_ran_with = (sv.last_after if sv.last_after is not None else sv.init_scale) if sv.enabled else None

        # Layers: parameters grouped by module, in the order of named_modules (the forward order
        # of most models); activations after their module's parameters.
        self._module_order = {}
        self._params = []           # (layer name, module name, kind, parameter)
        skipped_complex = []
        for i, (mname, module) in enumerate(model.named_modules()):
            self._module_order[mname] = i
            if not self._wanted(mname):
                continue
            for pname, p in module.named_parameters(recurse=False):
                if p.requires_grad and p.is_complex():
                    skipped_complex.append(f"{mname}.{pname}" if mname else pname)
                elif p.requires_grad:
                    full = f"{mname}.{pname}" if mname else pname
                    self._params.append((full, mname, _param_kind(pname), p))
        if skipped_complex:
            warnings.warn(f"ampscope.watch: complex parameters are not recorded ({', '.join(skipped_complex)}): the "
                          "statistics classify real values against a real format", stacklevel=3)
        devices = sorted({str(p.device) for *_, p in self._params})
        if len(devices) > 1:
            raise ValueError(f"ampscope.watch: the parameters to record are on {len(devices)} devices ({', '.join(devices)}); "
                             "one probe records one device: pass layers= to pick the modules of one, and watch() "
                             "once per device with its own out=")
        if not self._params:
            warnings.warn("ampscope.watch: no parameter with requires_grad" + (f" in modules matching {layers!r}" if layers else "")
                          + ": only the loss and the scale are recorded, and the activations' gradients", stacklevel=3)
        self._act_modules = []
        if activations:
            for mname, module in model.named_modules():
                # Leaf modules only; in-place ones (ReLU(inplace=True)) cannot take a full
                # backward hook (torch forbids modifying its output in place).
                if mname and not any(True for _ in module.children()) and self._wanted(mname) \
                        and not getattr(module, "inplace", False):
                    self._act_modules.append((mname, module))
        self._device = next((p.device for *_, p in self._params), torch.device("cpu"))
        self._precision = precision or _dtype_label(next((p.dtype for *_, p in self._params), None)) \
            or ("fp16" if self._scaler.enabled else "fp32")
        # Without a label given, the first forward pass says what the run computes in: a hook
        # on the model, removed after that call, reads torch.autocast's state inside it.
        self._autocast_hook = None
        if precision is None:
            self._autocast_hook = model.register_forward_hook(self._see_autocast)
        self._arm_hooks(self._logged(0))
        _live.add(self)

    # --- the user's calls ---------------------------------------------------------------------
    def step(self, loss=None):
        """Record this optimizer step: its loss (a tensor: not read now) and the scaler's state;
        on statistics steps also every layer's gradient statistics. Without a loss from the first
        step on, the run has no loss curve (the window says so) and its steps' losses are NaN."""
        if self._closed:
            raise RuntimeError("ampscope: step() after close()")
        _check_loss(loss)
        if self._failed:
            return  # recording stopped (said once); the user's training goes on
        try:
            self._step_recorded(loss)
        except Exception as e:  # noqa: BLE001 - a failure of the recording must not end the user's training
            self._recording_failed(e)

    def _step_recorded(self, loss):
        if self._recorder is None:
            # The run opens at this step: a first step without a loss says the script gives none
            # (the window then reads the NaN losses as unknown, not as losses gone non-finite).
            self._loss_given = loss is not None
        if not self._pending:
            self._pending_first = self._step
        row = self._scaler.snapshot(loss)
        self._pending.append(row)
        self._pending_lr.append(self._lr())
        if self._logged(self._step):
            self._record_stats()
        if self._scaler.enabled:
            # The scale update() left: the next step's backward runs with it (row[1]: a float on
            # the CPU, else a device tensor, read without a sync).
            self._scale_ran_with = self._scaler.scale_of(row) if torch.is_tensor(row) else row[1]
        self._step += 1
        self._arm_hooks(self._logged(self._step))
        if self._live_untold and self._recorder.run_id > 0:
            self._live_untold = False
            self._say_where(live=True)

    def close(self, status="finished"):
        """Write what is pending, remove the hooks and close the run (status "finished")."""
        if self._closed:
            return
        self._closed = True
        self._live_untold = False  # the run is over: only where it is is told
        self._disarm_hooks()
        _live.discard(self)
        if self._failed:
            # Said once already: the writer thread is let go, and nothing more is said.
            if self._recorder is not None:
                try:
                    self._recorder.close(status)
                except _ampscope.RunStoreError:
                    pass
            return
        try:
            if self._recorder is None and self._pending:
                self._open_run(say=False)  # a run of fewer steps than a statistics step: still recorded
            if self._recorder is not None:
                if self._pending:
                    self._recorder.push_steps(self._drain())
                self._recorder.close(status)
                self._say_where()
        except Exception as e:  # noqa: BLE001 - as in step()
            self._recording_failed(e)

    def _say_where(self, live=False):
        """On a terminal, one line when the run opens (`live`: the command that follows it while it
        trains) and one at close (where the run is and the command that opens it, as `ampscope
        record` ends). Rank 0 alone under DDP, naming the group's command. Nothing when stderr is
        a file or a pipe: logs and tests stay as they were."""
        stream = sys.stderr
        try:
            if stream is None or not stream.isatty() or self.rank != 0:
                return
        except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
            return
        out = shlex.quote(self.out)
        if self.world_size > 1 and self.group:
            about = ", ".join(([self.name] if self.name else []) + [f"rank 0 of {self.world_size}"])
            follow = f"ampscope --follow {out}:group={shlex.quote(self.group)}"
            if live:
                line = (f"ampscope: recording run {self.run_id} ({about}) into {self.out}, beside its group's other "
                        f"ranks; follow them live: {follow}")
            else:
                line = (f"ampscope: run {self.run_id} ({about}) and its group's other ranks are in {self.out}; look at "
                        f"them: {follow}")
        else:
            what = f"run {self.run_id}" + (f" ({self.name})" if self.name else "")
            if live:
                # By its name where `--follow FILE:NAME` reads it as one (not digits, not group=):
                # that follows this run, then the next run a rerun of the script writes under it.
                by_name = self.name and _ampscope.run_part_is_name(self.name) and not self.name.startswith("group=")
                target = f"{out}:{shlex.quote(self.name)}" if by_name else f"{out}:{self.run_id}"
                line = f"ampscope: recording {what} into {self.out}; follow it live: ampscope --follow {target}"
            else:
                line = f"ampscope: {what} is in {self.out}; look at it: ampscope --replay {out}:{self.run_id}"
        try:
            print(line, file=stream, flush=True)
        except (OSError, ValueError):
            pass

    def _recording_failed(self, error):
        """The store cannot take the run, or the probe itself failed on something it did not
        foresee: raise (on_error="raise"), or say so once and go on unrecorded, with the hooks
        removed so that the user's steps pay nothing more."""
        if self.on_error == "raise":
            raise error
        self._failed = True
        self._disarm_hooks()  # the autocast hook too
        self._pending, self._pending_lr = [], []
        what = str(error) if isinstance(error, _ampscope.RunStoreError) else \
            f"ampscope: recording stopped by an error in the probe ({type(error).__name__}: {error})"
        warnings.warn(f"{what}; your training goes on unrecorded (watch(..., on_error='raise') raises instead)",
                      RuntimeWarning, stacklevel=3)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close("finished")
        elif issubclass(exc_type, KeyboardInterrupt):
            self.close("stopped")
        else:
            self.close(f"error: {exc_type.__name__}: {exc}")
        return False

    @property
    def run_id(self):
        return self._recorder.run_id if self._recorder is not None else 0

    # --- internals ----------------------------------------------------------------------------
    def _wanted(self, module_name):
        return self._filter is None or self._filter.search(module_name) is not None

    def _logged(self, step):
        return step % self.every == 0 or self._reference(step)

    def _reference(self, step):
        return self.reference_every > 0 and step % self.reference_every == 0

    def _lr(self):
        if self.optimizer is None or not self.optimizer.param_groups:
            return 0.0
        lr = self.optimizer.param_groups[0].get("lr", 0.0)
        return float(lr) if not torch.is_tensor(lr) else 0.0

    def _arm_hooks(self, on):
        """Hooks only while a statistics step runs: other steps pay nothing for activations.
        A forward hook puts a tensor hook on the module's output: the gradient backward hands
        that output is the activation gradient. (A full backward hook gets the same tensor but
        wraps every input and output in an extra autograd Function: measured, it cost 0.56 ms
        of a 6.6 ms step where the tensor hooks cost about half that, bench/bench_probe.py.)"""
        if on and not self._hooks:
            for mname, module in self._act_modules:
                self._hooks.append(module.register_forward_hook(self._hook_for(mname)))
            if self._act_modules:
                self._hooks.append(self.model.register_forward_pre_hook(self._new_forward))
        elif not on:
            self._disarm_hooks()

    def _disarm_hooks(self):
        for h in self._hooks:
            h.remove()
        self._hooks = []
        self._drop_autocast_hook()

    def _drop_autocast_hook(self):
        if self._autocast_hook is not None:
            self._autocast_hook.remove()
            self._autocast_hook = None

    def _see_autocast(self, _module, _inputs, _output):
        # The label goes into the run when it opens (the first statistics step, after this
        # forward pass); a run already open keeps the one it was opened with.
        if self._recorder is None:
            label = _dtype_label(_autocast_dtype(self._device.type))
            if label is not None:
                self._precision = label
        self._drop_autocast_hook()

    def _new_forward(self, _module, _inputs):
        # A module called several times in one forward pass (a shared layer, an RNN cell): its
        # `.out` statistics are over every call's output gradient. The first gradient to arrive
        # after a new forward call of the model starts a new backward pass's set: the gradients
        # of the backward passes before it are dropped, so a step of gradient accumulation
        # records its last micro-batch and holds no more than one micro-batch's activation
        # gradients. Forward calls backpropagated together (a siamese pair: model(a), model(b),
        # one loss) stay together, and a forward call that is not backpropagated (an evaluation
        # under torch.no_grad() before probe.step) drops nothing.
        self._act_stale = True

    def _hook_for(self, mname):
        def keep(g):
            if self._act_stale:
                self._act, self._act_stale = {}, False
            self._act.setdefault(mname, []).append(g.detach())  # as backward produced it (scaled)

        def hook(_module, _inputs, output):
            out = output[0] if isinstance(output, (tuple, list)) and output else output
            if torch.is_tensor(out) and out.requires_grad:
                out.register_hook(keep)
        return hook

    def _config_json(self):
        sv = self._scaler
        cfg = {
            "model": type(self.model).__name__,
            "dataset": "user",
            "precision": self._precision if self._precision in ("fp16", "bf16", "fp32") else "fp16",
            "device": self._device.type if self._device.type in ("cpu", "cuda") else "auto",
            "use_scaler": sv.enabled,
            "scaler": {"init_scale": sv.init_scale, "growth_factor": sv.growth_factor,
                       "backoff_factor": sv.backoff_factor, "growth_interval": sv.growth_interval,
                       "enabled": sv.enabled},
            "stats_every": self.every,
            "reference_every": self.reference_every,
            "activation_stats": bool(self._act_modules),
            "loss_recorded": self._loss_given,
            "histogram": {"lo": int(self._hist_range[0]), "hi": int(self._hist_range[1]), "target": self.format},
        }
        if self.name:
            cfg["name"] = self.name
        # The optimizer's kind and settings as its first parameter group has them; "unrecorded"
        # when none was given or AmpScope has no name for its class (RMSprop, a fused one, ...),
        # so that a replay never shows a default as if it were yours.
        name = _OPTIMIZERS.get(type(self.optimizer).__name__) if self.optimizer is not None else None
        cfg["optimizer"] = name or "unrecorded"
        if self.optimizer is not None:
            lr = self._lr()
            if 0 < lr <= 10:  # the range a stored config holds (option_limits.h)
                cfg["lr"] = lr
            group = self.optimizer.param_groups[0] if self.optimizer.param_groups else {}
            for key in ("momentum", "weight_decay"):
                value = group.get(key)
                if isinstance(value, (int, float)) and 0 <= value <= 1 and (key != "momentum" or value < 1):
                    cfg[key] = float(value)
        return json.dumps(cfg)

    def _open_run(self, say=True):
        """Opens the run in the store (at the first statistics step: the activations' shapes are
        known then); `say`: tell on a terminal how to follow it live, at the first step after the
        writer thread has created the run (its id is known then; the step does not wait for it)."""
        layers = []
        self._param_ids = []
        for name, mname, kind, p in self._params:
            self._param_ids.append(len(layers))
            layers.append((name, mname, kind, list(p.shape), p.numel(), self._module_order[mname]))
        self._act_ids = {}
        for mname, _module in self._act_modules:
            g = _joined(self._act.get(mname))
            if g is None:
                continue  # not used in the forward pass of the first step
            self._act_ids[mname] = len(layers)
            layers.append((f"{mname}.out", mname, "activation", list(g.shape), g.numel(), self._module_order[mname]))
        device = str(self._device) if self._device.type != "cuda" else f"cuda:{self._device.index or 0}"
        self._recorder = _ampscope.Recorder(self.out, self._config_json(), layers, device, self._precision,
                                            "probe", self.group, self.rank, self.world_size)
        self._live_untold = say

    def _drain(self, host_rows=None):
        """The pending steps' scalars, decoded into step tuples. `host_rows`: their copy already
        on the host (CUDA: copied with the statistics); else copied now."""
        if host_rows is not None:
            rows = self._scaler.host_rows(host_rows)
        else:
            rows = [self._scaler.host_rows(p.cpu())[0] if torch.is_tensor(p) else p for p in self._pending]
        first = self._pending_first
        steps = []
        for i, (loss, before, after, tracker, found, skipped, reason) in enumerate(self._scaler.decode(rows)):
            steps.append((first + i, loss, self._pending_lr[i], before, after, tracker, found, skipped, reason))
        self._pending, self._pending_lr = [], []
        self._scaler.rows_consumed()
        return steps

    def _record_stats(self):
        if self._recorder is None:
            self._open_run()
        sv = self._scaler
        scale = self._scale_ran_with if sv.scale_tensor() is not None else None
        unscaled = sv.grads_unscaled()
        views, ids, keep, numels = [], [], [], []
        for lid, (_name, _m, _k, p) in zip(self._param_ids, self._params):
            g = p.grad
            if g is None:
                continue
            g = _as_passable(g.detach())
            if scale is not None and unscaled:
                # As the low-precision format saw it: the scaled gradient, by the scale this
                # step's backward ran with (not the one update() just left: after a growth or a
                # backoff that would be off by the factor). A device tensor: the product stays
                # on the device (no sync).
                g = g * (scale.to(g.dtype).reshape(()) if torch.is_tensor(scale) else scale)
            ids.append(lid)
            keep.append(g)
            numels.append(p.numel())
        for mname, lid in self._act_ids.items():
            g = _joined(self._act.get(mname))
            if g is not None:
                g = _as_passable(g)
                ids.append(lid)
                keep.append(g)
                numels.append(g.numel())
        self._act = {}
        masses, counts = [], []
        if self._reference(self._step) and keep:
            # Underflow: the nonzero elements a cast to the format flushes to zero. Round to
            # nearest even sends |g| <= half the smallest subnormal to 0 (the half itself is a
            # tie, and 0 is the even neighbour) and rounds (half, smallest) up to the smallest.
            half = 2.0 ** (_MIN_SUBNORMAL_EXP[self.format] - 1)
            parts = []
            for g in keep:
                a = g.float().abs()
                a = torch.where(torch.isfinite(a), a, torch.zeros_like(a))
                flushed = (a > 0) & (a <= half)
                # Summed in float64: in the gradient's own dtype two values near its largest
                # finite one overflow to inf, and the share would read 0.
                parts.append(torch.stack([(a * flushed).sum(dtype=torch.float64), a.sum(dtype=torch.float64),
                                          flushed.sum(dtype=torch.float64)]))
            m = torch.stack(parts).double().cpu()
            masses = [float(x) if s > 0 else 0.0 for x, s in ((m[i, 0] / m[i, 1], m[i, 1]) for i in range(len(parts)))]
            counts = [int(m[i, 2]) for i in range(len(parts))]
        for g in keep:
            dtype = _DTYPE_NAMES.get(g.dtype)
            if dtype is None:
                raise TypeError(f"ampscope: gradients of dtype {g.dtype} are not supported (float32, float16, bfloat16)")
            views.append((g.data_ptr(), dtype, list(g.shape), list(g.stride())))
        # The scalars of the steps since the last statistics step go with the statistics: the
        # recorder calls steps() once the pass is done, pushes all but the last as plain steps and
        # the last with the statistics. On CUDA the scalars are copied asynchronously into pinned
        # memory ahead of the pass on the same stream, so the one wait for the pass's results
        # covers them too: one host synchronisation per statistics step, none on the others.
        if self._device.type == "cuda":
            rows = self._scaler.pending_block(len(self._pending))
            if rows is None:
                rows = torch.stack([sv.device_f64(p).to(self._device) if torch.is_tensor(p)
                                    else torch.tensor(p, dtype=torch.float64, device=self._device)
                                    for p in self._pending])
            host = torch.empty(rows.shape, dtype=rows.dtype, pin_memory=True)
            host.copy_(rows, non_blocking=True)
            stream = torch.cuda.current_stream(self._device).cuda_stream
            if not hasattr(self, "_found_inf_word"):
                self._found_inf_word = torch.zeros(1, dtype=torch.int32, device=self._device)
            self._recorder.push_stats(lambda: self._drain(host), views, ids, masses, counts,
                                      self._device.index or 0, stream, self._found_inf_word.data_ptr(), numels)
        else:
            self._recorder.push_stats(self._drain, views, ids, masses, counts, numel=numels)
        del keep


_FP32_MAX = torch.finfo(torch.float32).max
_FP32_TINY = 2.0 ** -149  # fp32's smallest subnormal


def _param_kind(pname):
    """"bias" for a module's biases as torch names them (Linear's bias, an RNN's bias_ih_l0 and
    bias_hh_l0_reverse, MultiheadAttention's in_proj_bias), else "weight"."""
    return "bias" if pname == "bias" or pname.startswith("bias_") or pname.endswith("_bias") else "weight"


def _joined(grads):
    """The output gradients of a module's calls as one tensor: the one call's as it is, several
    calls' flattened and concatenated (their statistics are those of all the elements)."""
    if not grads:
        return None
    if len(grads) == 1:
        return grads[0]
    return torch.cat([g.reshape(-1) for g in grads])


def _as_passable(g):
    """A gradient as the statistics pass reads it: strided, float32/float16/bfloat16, at most 8
    dims. A sparse COO gradient gives its stored values (coalesced: duplicates summed, as the
    dense gradient has them); the pass counts the elements it does not store as zeros, so its
    statistics are the dense gradient's. float64 is read as float32, with finite magnitudes
    above fp32's largest kept finite at it and nonzero ones below 2^-149 at 2^-149 (both beyond
    every format's range, so each is still counted where it belongs)."""
    if g.layout == torch.sparse_coo:
        g = g.coalesce().values()
    elif g.layout != torch.strided:
        g = g.to_dense()  # CSR and the other sparse layouts: rare for gradients
    if g.dtype == torch.float64:
        finite = torch.isfinite(g)
        g = torch.where(finite, g.clamp(-_FP32_MAX, _FP32_MAX), g)
        tiny = finite & (g != 0) & (g.abs() < _FP32_TINY)
        g = torch.where(tiny, torch.copysign(torch.full_like(g, _FP32_TINY), g), g).float()
    if g.dim() > 8:
        g = g.reshape(-1)
    return g


_MAX_NAME_LENGTH = _ampscope.max_name_length  # SessionConfig::kMaxNameLength: longer, the stored run would not read back


def _checked_name(name):
    """The run's name as stored: the same rules as SessionConfig::validate_options()."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise TypeError(f"ampscope.watch: name must be a str (or None), got {type(name).__name__}")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("ampscope.watch: name must be valid text (it holds a lone surrogate)") from None
    if len(name) > _MAX_NAME_LENGTH:
        raise ValueError(f"ampscope.watch: name must be at most {_MAX_NAME_LENGTH} characters, got {len(name)}")
    if any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in name):
        raise ValueError(f"ampscope.watch: name must be one line of text, without tabs or control characters, got {name!r}")
    return name


def _check_loss(loss):
    """probe.step(loss) takes the step's loss as a scalar: a one-element tensor, a number, or None."""
    if loss is None:
        return
    if torch.is_tensor(loss):
        if loss.numel() != 1:
            raise ValueError(f"ampscope: probe.step(loss): the loss must be a scalar (a tensor of one element or a "
                             f"number), got a tensor of shape {list(loss.shape)}; pass the loss you called backward "
                             f"on (loss.mean(), loss.sum())")
        return
    if isinstance(loss, bool) or not isinstance(loss, numbers.Real):
        raise TypeError(f"ampscope: probe.step(loss): the loss must be a tensor of one element, a number or None, "
                        f"got {type(loss).__name__}")


def _dtype_label(dtype):
    """The run's precision label for a low-precision dtype, None for any other."""
    return {torch.float16: "fp16", torch.bfloat16: "bf16"}.get(dtype)


def _autocast_dtype(device_type):
    """The dtype torch.autocast casts to on `device_type` ("cpu", "cuda") now, None when it is
    off. torch 2.4 and later take the device type; 1.13 to 2.3 have a function per device."""
    try:
        if hasattr(torch, "get_autocast_dtype"):
            return torch.get_autocast_dtype(device_type) if torch.is_autocast_enabled(device_type) else None
        if device_type == "cuda":
            return torch.get_autocast_gpu_dtype() if torch.is_autocast_enabled() else None
        if device_type == "cpu":
            return torch.get_autocast_cpu_dtype() if torch.is_autocast_cpu_enabled() else None
    except (RuntimeError, TypeError, AttributeError):
        pass
    return None


# Runs still open when the interpreter exits are closed as "stopped" (the writer commits what
# was pushed).
_live = weakref.WeakSet()


@atexit.register
def _close_live():
    for p in list(_live):
        try:
            p.close("stopped")
        except Exception:  # noqa: BLE001 - exiting anyway
            pass
