"""The user's torch GradScaler, read without a host synchronisation per step.

Each probe.step() (called after scaler.update()) keeps, as device tensors, the scale and the
growth tracker that update() left. Nothing is copied to the host then: the snapshots are read
together, with the loss, at the next statistics step's one copy (or at close()). A step's
scale before is the previous step's scale after (the scale the step's backward ran with); from
the two and the tracker, torch's own update rule tells what happened:

  scale after < before  -> found_inf, the step skipped, reason "backoff"
  scale after > before  -> clean step, reason "grow"
  equal                 -> clean step, reason "unchanged" (with backoff_factor 1, a tracker reset
                           to 0 that is not a growth counts as found_inf)

torch's GradScaler skips optimizer.step() exactly when found_inf, so skipped == found_inf.
Works for torch.cuda.amp.GradScaler (1.13, 2.x) and torch.amp.GradScaler (2.3+, any device).

On a device a step's snapshot is one kernel launch: the loss (fp32), the scale (fp32) and the
tracker (int32) are all 32-bit, so their bits go by one concatenation into the next row of a
preallocated int32 buffer, and a statistics step copies the buffer's rows to the host at once.
(Before, each step built a float64 tensor from three conversions and a concatenation: four
launches, which on a launch-bound GPU step cost more than anything else the probe did then.)
"""
import torch


class ScalerView:
    def __init__(self, scaler):
        self.scaler = scaler
        self.enabled = bool(scaler is not None and getattr(scaler, "_enabled", False))
        if self.enabled:
            self.growth_factor = float(scaler._growth_factor)
            self.backoff_factor = float(scaler._backoff_factor)
            self.growth_interval = int(scaler._growth_interval)
            self.init_scale = float(scaler._init_scale)
        else:
            self.growth_factor, self.backoff_factor, self.growth_interval, self.init_scale = 2.0, 0.5, 2000, 1.0
        self.last_after = None  # host: scale after the last decoded step
        if self.enabled and getattr(scaler, "_scale", None) is not None:
            self.last_after = float(scaler._scale)  # watch() after training began: once, at watch()
        self.last_tracker = 0
        self._bits = None  # device int32 rows of the snapshots since the last statistics step
        self._bits_n = 0
        self._unit = None

    def scale_tensor(self):
        """The live scale tensor (device), or None (no scaler, disabled, or not used yet)."""
        if not self.enabled:
            return None
        return getattr(self.scaler, "_scale", None)

    def grads_unscaled(self):
        """Whether the parameters' .grad hold unscaled values now. scaler.step() unscales them
        (unless the user's unscale_ did); update() then clears the per-optimizer state. So: no
        state left (after update) or a state past READY (after unscale_/step) -> unscaled."""
        if not self.enabled:
            return True
        states = getattr(self.scaler, "_per_optimizer_states", {})
        if len(states) == 0:
            return True
        return any(getattr(st.get("stage"), "name", "READY") != "READY" for st in states.values())

    def snapshot(self, loss):
        """[loss, scale, growth_tracker] of this step: on the CPU as three floats (reading a CPU
        tensor costs no sync); else one small float64 tensor on the device of the scale (no host
        sync: only device ops)."""
        scale = self.scale_tensor()
        on_cpu = (scale is None or scale.device.type == "cpu") and (not torch.is_tensor(loss) or loss.device.type == "cpu")
        if on_cpu:
            lv = float("nan") if loss is None else float(loss)
            if scale is None:
                return (lv, 1.0, 0.0)
            return (lv, float(scale), float(self.scaler._growth_tracker))
        row = self._snapshot_bits(loss, scale)
        if row is not None:
            return row
        return self._snapshot_f64(loss, scale)

    def _snapshot_f64(self, loss, scale):
        """The general device path: a float64 row [loss, scale, tracker] (a float64 loss, or a
        scale or tracker of another dtype than torch's fp32 and int32)."""
        if torch.is_tensor(loss):
            lt = loss.detach().reshape(-1)[:1].to(torch.float64)
        else:
            lt = torch.tensor([float("nan") if loss is None else float(loss)], dtype=torch.float64)
        if scale is None:
            return torch.cat([lt, torch.tensor([1.0, 0.0], dtype=torch.float64, device=lt.device)])
        tracker = self.scaler._growth_tracker
        return torch.cat([lt.to(scale.device), scale.reshape(-1)[:1].to(torch.float64),
                          tracker.reshape(-1)[:1].to(torch.float64)])

    _ROWS0 = 64  # rows of a fresh bits buffer; doubled when a long run of steps fills it

    def _snapshot_bits(self, loss, scale):
        """The row of this step as int32 bits [loss fp32, scale fp32, tracker int32] in the bits
        buffer, written by one launch; None where the dtypes do not allow it."""
        if scale is not None:
            tracker = getattr(self.scaler, "_growth_tracker", None)
            if scale.dtype != torch.float32 or not torch.is_tensor(tracker) or tracker.dtype != torch.int32 \
                    or tracker.device != scale.device:
                return None
            dev = scale.device
        elif torch.is_tensor(loss):
            dev = loss.device
        else:
            return None
        if torch.is_tensor(loss):
            lt = loss.detach()
            if lt.dtype == torch.float64:
                return None  # fp32 would round it
            lt = lt.reshape(1) if lt.numel() == 1 else lt.reshape(-1)[:1]
            if lt.dtype != torch.float32:
                lt = lt.float()  # fp16/bf16: exact in fp32
            if lt.device != dev:
                lt = lt.to(dev)
        else:
            lt = torch.tensor([float("nan") if loss is None else float(loss)], dtype=torch.float32, device=dev)
        if scale is None:
            if self._unit is None or self._unit.device != dev:
                # 1.0f's bits and a tracker of 0: a run without a scaler.
                self._unit = torch.tensor([0x3F800000, 0], dtype=torch.int32, device=dev)
            parts = [lt.view(torch.int32), self._unit]
        else:
            parts = [lt.view(torch.int32), scale.reshape(1).view(torch.int32), tracker.reshape(1)]
        row = self._next_row(dev)
        torch.cat(parts, out=row)
        return row

    def _next_row(self, dev):
        if self._bits is None or self._bits.device != dev:
            self._bits = torch.empty((self._ROWS0, 3), dtype=torch.int32, device=dev)
            self._bits_n = 0
        elif self._bits_n == self._bits.shape[0]:
            grown = torch.empty((2 * self._bits.shape[0], 3), dtype=torch.int32, device=dev)
            grown[:self._bits_n].copy_(self._bits)
            self._bits = grown
        row = self._bits[self._bits_n]
        self._bits_n += 1
        return row

    def pending_block(self, count):
        """The last `count` snapshots as one (count, 3) device tensor, when they are exactly the
        bits buffer's rows (the usual case); else None."""
        if self._bits is None or count == 0 or self._bits_n != count:
            return None
        return self._bits[:count]

    def rows_consumed(self):
        """The pending snapshots have been taken: the next ones go to a fresh buffer (the old one
        may still be under an asynchronous copy, so it is not written again)."""
        if self._bits is not None and self._bits_n > 0:
            self._bits = None
        self._bits_n = 0

    @staticmethod
    def host_rows(rows):
        """A host tensor of snapshot rows (int32 bits or float64), as lists [loss, scale, tracker]."""
        if rows.dtype == torch.int32:
            f = rows.reshape(-1, 3).view(torch.float32)
            return [[a, b, float(c)] for a, b, c in zip(f[:, 0].tolist(), f[:, 1].tolist(), rows.reshape(-1, 3)[:, 2].tolist())]
        return rows.reshape(-1, 3).tolist()

    @staticmethod
    def device_f64(row):
        """A snapshot row as float64 [loss, scale, tracker] on its device (a mixed list's stack)."""
        if row.dtype == torch.int32:
            return torch.cat([row[:2].view(torch.float32).to(torch.float64), row[2:].to(torch.float64)])
        return row.reshape(3)

    @staticmethod
    def scale_of(row):
        """The scale of a device snapshot row, as a device tensor (a view: no launch)."""
        return row[1:2].view(torch.float32) if row.dtype == torch.int32 else row[1:2]

    def decode(self, rows):
        """Host rows [loss, scale_after, tracker] of consecutive steps -> per step
        (loss, scale_before, scale_after, tracker, found_inf, skipped, reason)."""
        out = []
        for loss, after, tracker in rows:
            tracker = int(tracker)
            if not self.enabled:
                out.append((loss, 1.0, 1.0, 0, False, False, "unchanged"))
                continue
            before = self.init_scale if self.last_after is None else self.last_after
            if after < before:
                found, reason = True, "backoff"
            elif after > before:
                found, reason = False, "grow"
            else:
                found = (self.backoff_factor == 1.0 and tracker == 0 and self.growth_interval > 1)
                reason = "unchanged"
            out.append((loss, before, after, tracker, found, found, reason))
            self.last_after, self.last_tracker = after, tracker
        return out
