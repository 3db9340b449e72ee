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
        if torch.is_tensor(loss):
            lt = loss.detach().reshape(-1)[:1].to(torch.float64)
        else:
            lt = torch.tensor([float("nan") if loss is None else float(loss)], dtype=torch.float64)
        if scale is None:
            return torch.cat([lt, torch.tensor([1.0, 0.0], dtype=torch.float64, device=lt.device)])
        tracker = self.scaler._growth_tracker
        return torch.cat([lt.to(scale.device), scale.reshape(-1)[:1].to(torch.float64),
                          tracker.reshape(-1)[:1].to(torch.float64)])

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
