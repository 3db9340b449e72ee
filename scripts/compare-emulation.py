#!/usr/bin/env python3
"""Real fp16 on CUDA against AmpScope's fp16 emulation on the CPU (issue 17).

Usage:
  scripts/compare-emulation.py STORE [--out DIR] [--real-device cuda] [--emulated-device cpu]
                               [--floor 1e-4] [--factor 3] [--same-scale-only] [--no-figure]

STORE is a run store (docs/run_store.md), opened read-only. For every model in it the script
looks for five runs recorded with the same seed and flags (scripts/gpu-check.sh, phase
"emulation", records them):

  A  real device, fp16                 the first such run (by id)
  B  real device, fp16 again           the second such run: the nondeterminism baseline
  C  emulated device, "fp16 (emulated)"
  D  real device, fp32
  E  emulated device, fp32             D against E: fp32 on two devices, a second baseline

and compares, per model: the loss curves (relative difference per step), the overflow steps
(skipped, found_inf), the loss-scale trajectory (scale_before per step, backoffs, growths),
and per layer the shares of zeros, of underflow (against the fp32 reference backward, on the
reference steps) and of subnormals, averaged over the statistics steps common to A, B and C,
and at the first of those steps alone (same weights, same batch: the emulation's own
difference, before the trajectories can drift apart). A layer's share is "beyond
nondeterminism" when |A - C| > max(FACTOR * |A - B|, FLOOR); the tables also mark where it
is beyond FACTOR * |D - E| (the same share in fp32 on the two devices) too.

Writes into DIR (default: the current directory):
  emulation_comparison.md    the tables, ready to paste into docs/measurements.md (also printed)
  emulation_comparison.csv   model, layer, metric, A, B, C, D, E (one value per run)
  emulation_comparison.png   (dpi 150) and .svg, when matplotlib can be imported
Missing runs are reported and skipped. Only the standard library is needed; matplotlib is
optional (numpy is not used).

Exit status: 0 done, 1 STORE cannot be read as a run store, 2 bad arguments or DIR cannot be
written.
"""

import argparse
import csv
import io
import json
import math
import os
import sqlite3
import statistics
import sys
import urllib.request

ROLES = "ABCDE"
ROLE_TEXT = {
    "A": "real fp16",
    "B": "real fp16, repeat",
    "C": "emulated fp16",
    "D": "real fp32",
    "E": "emulated-device fp32",
}
# the three per-layer shares: metric key, column of layer_stats, words
SHARES = [
    ("zero", "zeros", "zeros"),
    ("underflow", "underflow", "underflow"),
    ("subnormal", "subnormal", "subnormals"),
]
LOSS_THRESHOLD = 1e-3
LIST_LIMIT = 12


class StoreError(Exception):
    pass


# --------------------------------------------------------------------------------------------
# reading the store


def open_store(path):
    if not os.path.isfile(path):
        raise StoreError(f"{path}: no such file")
    uri = "file:" + urllib.request.pathname2url(os.path.abspath(path)) + "?mode=ro"
    try:
        con = sqlite3.connect(uri, uri=True)
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as e:
        raise StoreError(f"{path}: cannot be read as SQLite ({e})")
    return con


def read_runs(con, path):
    try:
        cur = con.execute(
            "SELECT id, model, precision, device, steps, skipped, final_scale, final_loss, status"
            " FROM run_summary ORDER BY id"
        )
        rows = cur.fetchall()
    except sqlite3.Error as e:
        raise StoreError(f"{path}: not an AmpScope run store ({e})")
    runs = []
    for r in rows:
        runs.append(
            dict(
                id=r[0], model=r[1] or "", precision=r[2] or "", device=r[3] or "",
                steps=r[4], skipped=r[5], final_scale=r[6], final_loss=nan_if_none(r[7]),
                status=r[8] or "",
            )
        )
    configs = {}
    try:
        for rid, text in con.execute("SELECT id, config FROM runs"):
            try:
                configs[rid] = json.loads(text)
            except (TypeError, ValueError):
                pass
    except sqlite3.Error:
        pass
    for r in runs:
        r["config"] = configs.get(r["id"])
    return runs


def nan_if_none(x):
    return float("nan") if x is None else x


def read_steps(con, run_id):
    """step -> (loss, scale_before, scale, found_inf, skipped); loss NaN where NULL."""
    out = {}
    for step, loss, sb, sa, fi, sk in con.execute(
        "SELECT step, loss, scale_before, scale, found_inf, skipped FROM steps"
        " WHERE run_id = ? ORDER BY step",
        (run_id,),
    ):
        out[step] = (nan_if_none(loss), nan_if_none(sb), nan_if_none(sa), fi, sk)
    return out


def read_layers(con, run_id):
    return [
        dict(layer_id=lid, name=name, kind=kind, numel=numel)
        for lid, name, kind, numel in con.execute(
            "SELECT layer_id, name, kind, numel FROM layers WHERE run_id = ? ORDER BY layer_id",
            (run_id,),
        )
    ]


def read_stat_steps(con, run_id):
    return {s for (s,) in con.execute(
        "SELECT DISTINCT step FROM layer_stats WHERE run_id = ?", (run_id,))}


def read_shares(con, run_id, only_steps=None):
    """layer_id -> dict(n, zero, subnormal, n_ref, underflow): means of the per-step shares.

    The hist column is never read. only_steps: a set of steps to restrict the means to."""
    cols = (
        "SELECT layer_id, count(*), avg(1.0 * zeros / numel), avg(1.0 * subnormal / numel),"
        " count(underflow), avg(CASE WHEN underflow IS NULL THEN NULL"
        " ELSE 1.0 * underflow / numel END) FROM layer_stats WHERE run_id = ?"
    )
    rows = None
    if only_steps is None:
        rows = con.execute(cols + " GROUP BY layer_id", (run_id,)).fetchall()
    else:
        try:
            rows = con.execute(
                cols + " AND step IN (SELECT value FROM json_each(?)) GROUP BY layer_id",
                (run_id, json.dumps(sorted(only_steps))),
            ).fetchall()
        except sqlite3.Error:
            rows = None  # no JSON functions in this SQLite: filter here instead
        if rows is None:
            acc = {}
            for step, lid, numel, zeros, sub, under in con.execute(
                "SELECT step, layer_id, numel, zeros, subnormal, underflow FROM layer_stats"
                " WHERE run_id = ?", (run_id,)
            ):
                if step not in only_steps or not numel:
                    continue
                a = acc.setdefault(lid, [0, 0.0, 0.0, 0, 0.0])
                a[0] += 1
                a[1] += zeros / numel
                a[2] += sub / numel
                if under is not None:
                    a[3] += 1
                    a[4] += under / numel
            rows = [
                (lid, a[0], a[1] / a[0], a[2] / a[0], a[3], a[4] / a[3] if a[3] else None)
                for lid, a in acc.items()
            ]
    return {
        lid: dict(n=n, zero=z, subnormal=s, n_ref=nr, underflow=u)
        for lid, n, z, s, nr, u in rows
    }


# --------------------------------------------------------------------------------------------
# runs into roles


def on_device(run, device):
    return run["device"].strip().lower().startswith(device.lower())


def fmt_of(run):
    p = run["precision"].strip().lower()
    for f in ("fp16", "fp32"):
        if p.startswith(f):
            return f
    return None


def assign_roles(runs, real_device, emulated_device):
    """{model: dict(roles={role: run}, ignored=[(run, why)], notes=[...])}, models in order of
    their first run."""
    models = {}
    for r in runs:
        models.setdefault(r["model"], []).append(r)
    out = {}
    for model, rs in models.items():
        roles, used = {}, set()

        def unused(device, fmt, emulated=False):
            """This model's runs on `device` in `fmt` that no role has taken yet, in id order."""
            return [r for r in rs if on_device(r, device) and fmt_of(r) == fmt and r["id"] not in used
                    and (not emulated or "emulated" in r["precision"].lower())]

        # A and B: the first two real fp16 runs; C, D, E: the first of theirs. In this order,
        # each from what the roles before it left.
        for roles_here, device, fmt, emulated in (("AB", real_device, "fp16", False),
                                                  ("C", emulated_device, "fp16", True),
                                                  ("D", real_device, "fp32", False),
                                                  ("E", emulated_device, "fp32", False)):
            for role, r in zip(roles_here, unused(device, fmt, emulated)):
                roles[role] = r
                used.add(r["id"])
        ignored = [r for r in rs if r["id"] not in used]
        out[model] = dict(roles=roles, ignored=ignored, notes=[])
    return out


CONFIG_IGNORED = {"device", "precision", "data_dir"}


def config_differences(roles):
    """Notes on settings (besides device and precision) that differ from the first run's."""
    notes = []
    ref_role = next((k for k in ROLES if k in roles and roles[k]["config"]), None)
    if ref_role is None:
        return notes
    ref = flatten(roles[ref_role]["config"])
    for role in ROLES:
        if role == ref_role or role not in roles or not roles[role]["config"]:
            continue
        cfg = flatten(roles[role]["config"])
        diffs = [
            f"{k} {json.dumps(cfg.get(k))} vs {json.dumps(ref.get(k))}"
            for k in sorted(set(ref) | set(cfg))
            if k.split(".")[0] not in CONFIG_IGNORED and ref.get(k) != cfg.get(k)
        ]
        if diffs:
            notes.append(
                f"run {roles[role]['id']} ({role}) was recorded with other settings than "
                f"run {roles[ref_role]['id']} ({ref_role}): " + "; ".join(diffs)
            )
    return notes


def flatten(d, prefix=""):
    out = {}
    for k, v in d.items():
        if isinstance(v, dict):
            out.update(flatten(v, prefix + k + "."))
        else:
            out[prefix + k] = v
    return out


# --------------------------------------------------------------------------------------------
# comparisons


def finite(x):
    return x is not None and not math.isnan(x) and not math.isinf(x)


def compare_loss(x, y):
    common = sorted(set(x) & set(y))
    diffs, first, nonfinite, at_first = [], None, 0, None
    for s in common:
        a, b = x[s][0], y[s][0]
        if not finite(a) or not finite(b) or a == 0:
            nonfinite += 1
            continue
        r = abs(a - b) / abs(a)
        if s == common[0]:
            at_first = r
        diffs.append(r)
        if first is None and r > LOSS_THRESHOLD:
            first = s
    return dict(
        n=len(diffs), nonfinite=nonfinite,
        max=max(diffs) if diffs else None,
        median=statistics.median(diffs) if diffs else None,
        first=first, first_step=common[0] if common else None, at_first=at_first,
    )


def compare_scale(x, y):
    common = sorted(set(x) & set(y))
    differ = [s for s in common if x[s][1] != y[s][1]]
    first = differ[0] if differ else None
    # column 4: skipped, column 3: found_inf; each run's steps with the flag, among the common ones
    flagged = {(run, col): {s for s in common if steps[s][col]} for run, steps in (("x", x), ("y", y)) for col in (3, 4)}
    return dict(
        n=len(common), n_differ=len(differ), first=first,
        first_values=(x[first][1], y[first][1]) if first is not None else None,
        skipped_x=sorted(flagged["x", 4] - flagged["y", 4]),
        skipped_y=sorted(flagged["y", 4] - flagged["x", 4]),
        inf_x=sorted(flagged["x", 3] - flagged["y", 3]),
        inf_y=sorted(flagged["y", 3] - flagged["x", 3]),
    )


def run_counts(st):
    return dict(
        skipped=sorted(s for s, v in st.items() if v[4]),
        found_inf=sorted(s for s, v in st.items() if v[3]),
        backoffs=sum(1 for v in st.values() if v[2] < v[1]),
        growths=sum(1 for v in st.values() if v[2] > v[1]),
        final_scale=st[max(st)][2] if st else None,
        final_loss=st[max(st)][0] if st else None,
        n=len(st),
    )


def analyse_model(con, model, info, args):
    roles = info["roles"]
    notes = info["notes"]
    res = dict(model=model, roles=roles, notes=notes, ignored=info["ignored"])
    notes.extend(config_differences(roles))
    for role in ROLES:
        if role not in roles:
            continue
        r = roles[role]
        if r["status"] != "finished":
            notes.append(f"run {r['id']} ({role}) has status '{r['status']}' "
                         f"({r['steps']} steps stored)")
    steps = {role: read_steps(con, roles[role]["id"]) for role in roles}
    res["steps"] = steps
    res["counts"] = {role: run_counts(steps[role]) for role in roles}
    for role in ROLES:
        if role in roles and not steps[role]:
            notes.append(f"run {roles[role]['id']} ({role}) holds no steps")

    res["loss"] = {}
    for x, y in (("A", "C"), ("A", "B"), ("D", "E")):
        if x in roles and y in roles:
            res["loss"][x + y] = compare_loss(steps[x], steps[y])
    res["scale"] = {}
    for x, y in (("A", "C"), ("A", "B")):
        if x in roles and y in roles:
            res["scale"][x + y] = compare_scale(steps[x], steps[y])

    # per-layer shares: A, B, C over their common statistics steps; D, E over the same steps
    res["layers"] = []
    res["layer_steps"] = None
    if "A" in roles and "C" in roles:
        abc = [k for k in "ABC" if k in roles]
        stat_steps = {k: read_stat_steps(con, roles[k]["id"]) for k in abc}
        common = set.intersection(*stat_steps.values())
        # the first statistics step of all three: same weights, same batch (before any
        # difference could compound), so its differences are the emulation's alone
        s0 = min(common) if common else None
        if args.same_scale_only:
            common = {s for s in common
                      if all(s in steps[k] for k in abc)
                      and len({steps[k][s][1] for k in abc}) == 1}
        restrict = None if all(stat_steps[k] == common for k in abc) else common
        shares, names, at0 = {}, {}, {}
        for role in roles:
            shares[role] = read_shares(con, roles[role]["id"], restrict)
            at0[role] = read_shares(con, roles[role]["id"], {s0}) if s0 is not None else {}
            names[role] = {l["layer_id"]: l for l in read_layers(con, roles[role]["id"])}
        res["layer_steps"] = len(common)
        res["first_step"] = s0
        res["layer_steps_restricted"] = restrict is not None
        by_name = {role: {l["name"]: lid for lid, l in names[role].items()} for role in roles}
        order = [names["A"][lid]["name"] for lid in sorted(names["A"])]
        order += [names["C"][lid]["name"] for lid in sorted(names["C"])
                  if names["C"][lid]["name"] not in by_name["A"]]
        missing = [n for n in order if n not in by_name["A"] or n not in by_name["C"]]
        if missing:
            notes.append("layers not in both A and C: " + ", ".join(missing))
        n_ref = 0
        for name in order:
            layer = names["A"].get(by_name["A"].get(name)) or names["C"][by_name["C"][name]]
            row = dict(name=name, kind=layer["kind"], numel=layer["numel"], values={},
                       beyond={}, beyond_de={}, at_first={})
            for role in roles:
                lid = by_name[role].get(name)
                row["values"][role] = shares[role].get(lid) if lid is not None else None
                row["at_first"][role] = at0[role].get(lid) if lid is not None else None
                if role == "A" and row["values"][role]:
                    n_ref = max(n_ref, row["values"][role]["n_ref"])
            for key, _, _ in SHARES:
                a, b, c = (value(row, k, key) for k in "ABC")
                if a is None or c is None:
                    row["beyond"][key] = None
                    continue
                thr = args.floor if b is None else max(args.factor * abs(a - b), args.floor)
                row["beyond"][key] = abs(a - c) > thr
                # the second baseline: the same share in fp32 on the two devices (zeros and
                # subnormals only: fp32 runs measure no underflow)
                d, e = value(row, "D", key), value(row, "E", key)
                row["beyond_de"][key] = None if d is None or e is None else \
                    row["beyond"][key] and abs(a - c) > args.factor * abs(d - e)
            res["layers"].append(row)
        res["layer_ref_steps"] = n_ref
    return res


def value(row, role, key, where="values"):
    v = row[where].get(role)
    return None if v is None else v.get(key)


# --------------------------------------------------------------------------------------------
# formatting


def f_rel(x):
    if x is None:
        return "—"
    return "0" if x == 0 else f"{x:.1e}"


def f_pct(x):
    if x is None:
        return "—"
    return "0" if x == 0 else f"{100 * x:.3f}"


def f_loss(x):
    if x is None:
        return "—"
    return "NaN" if math.isnan(x) else f"{x:.6g}"


def f_scale(x):
    if x is None or math.isnan(x):
        return "—"
    if x > 0 and not math.isinf(x):
        m, e = math.frexp(x)
        if m == 0.5:
            return f"2^{e - 1}"
    return f"{x:.6g}"


def f_steps(steps):
    if not steps:
        return "none"
    s = ", ".join(str(v) for v in steps[:LIST_LIMIT])
    if len(steps) > LIST_LIMIT:
        s += f", … (+{len(steps) - LIST_LIMIT})"
    return s


def f_step(x, never="never"):
    return never if x is None else str(x)


def run_label(run):
    return f"run {run['id']}: {run['device']} {run['precision']}"


def markdown(results, args, store):
    out = io.StringIO()
    w = out.write
    real, emu = args.real_device, args.emulated_device
    w("## Real fp16 against the emulation (issue 17)\n\n")
    if not results:
        w(f"Store `{os.path.basename(store)}` holds no runs.\n")
        return out.getvalue()
    w(f"Store `{os.path.basename(store)}`. Runs per model: A = {real} fp16, B = the same again "
      f"(the {real} nondeterminism baseline), C = {emu} fp16 (AmpScope's emulation), "
      f"D = {real} fp32, E = {emu} fp32 (D against E: the same fp32 training on two "
      f"devices, a second baseline).\n\n")
    w(f"| model | A: {real} fp16 | B: {real} fp16 | C: {emu} fp16 (emulated) | D: {real} fp32 "
      f"| E: {emu} fp32 |\n|---|---|---|---|---|---|\n")
    for res in results:
        cells = [f"run {res['roles'][k]['id']}" if k in res["roles"] else "**missing**"
                 for k in ROLES]
        w(f"| {res['model']} | " + " | ".join(cells) + " |\n")
    w("\n")
    notes = []
    for res in results:
        miss = [k for k in ROLES if k not in res["roles"]]
        if miss:
            skipped = []
            if "A" not in res["roles"] or "C" not in res["roles"]:
                skipped.append("the A–C comparisons")
            if "B" not in res["roles"]:
                skipped.append("the A–B baseline (flags then use the floor alone)")
            if "D" not in res["roles"] or "E" not in res["roles"]:
                skipped.append("the D–E baseline")
            notes.append(f"{res['model']}: no run for {', '.join(miss)}"
                         + (f"; skipped: {'; '.join(skipped)}" if skipped else ""))
        for r in res["ignored"]:
            notes.append(f"{res['model']}: {run_label(r)} has no role here, not compared")
        notes.extend(f"{res['model']}: {n}" for n in res["notes"])
    if notes:
        w("Notes:\n\n" + "".join(f"- {n}\n" for n in notes) + "\n")

    # summary
    w("### Summary\n\n")
    w(f"A layer's share (of zeros, underflow, subnormals) is \"beyond nondeterminism\" where "
      f"|A − C| > max({args.factor:g}·|A − B|, {args.floor:g}) (shares as fractions of the "
      f"tensor's elements); † counts those also beyond {args.factor:g}·|D − E|, the same share's "
      f"difference between fp32 on the two devices (zeros and subnormals only: fp32 runs "
      f"measure no underflow).\n\n")
    w("| model | loss: max rel. diff A–C / A–B / D–E | first step > 1e-3 A–C / A–B / D–E "
      "| overflow steps A / B / C | scale_before A = C | layers beyond nondeterminism "
      "(zeros, underflow, subnormals) |\n|---|---|---|---|---|---|\n")
    for res in results:
        lo = res["loss"]
        maxes = " / ".join(f_rel(lo[p]["max"]) if p in lo else "—" for p in ("AC", "AB", "DE"))
        firsts = " / ".join(f_step(lo[p]["first"]) if p in lo else "—"
                            for p in ("AC", "AB", "DE"))
        ovf = " / ".join(str(len(res["counts"][k]["skipped"])) if k in res["counts"] else "—"
                         for k in "ABC")
        sc = res["scale"].get("AC")
        if sc is None:
            same = "—"
        elif sc["first"] is None:
            same = f"yes ({sc['n']} common steps)"
        else:
            same = f"no: from step {sc['first']}"
        if res["layers"]:
            parts = []
            for key, _, words in SHARES:
                flagged = sum(1 for r in res["layers"] if r["beyond"][key])
                judged = sum(1 for r in res["layers"] if r["beyond"][key] is not None)
                part = f"{flagged}/{judged}"
                if any(r["beyond_de"][key] is not None for r in res["layers"]):
                    part += f" ({sum(1 for r in res['layers'] if r['beyond_de'][key])}†)"
                parts.append(part)
            layers = ", ".join(parts)
        else:
            layers = "—"
        w(f"| {res['model']} | {maxes} | {firsts} | {ovf} | {same} | {layers} |\n")
    w("\n")

    # loss
    w("### Loss curves\n\n")
    w("Relative difference |x − y| / |x| of the loss at each step both runs recorded with a "
      "finite loss; x is the first run of the pair.\n\n")
    w("| model | pair | steps | at the first step | max | median | first step > 1e-3 "
      "| final loss x | final loss y |\n|---|---|---|---|---|---|---|---|---|\n")
    names = {"AC": "A–C (emulation)", "AB": "A–B (repeat)", "DE": "D–E (fp32 on two devices)"}
    for res in results:
        first_row = True
        for p in ("AC", "AB", "DE"):
            m = res["model"] if first_row else ""
            if p not in res["loss"]:
                w(f"| {m} | {names[p]} | missing | | | | | | |\n")
                first_row = False
                continue
            lo = res["loss"][p]
            cx, cy = res["counts"][p[0]], res["counts"][p[1]]
            extra = f" ({lo['nonfinite']} non-finite left out)" if lo["nonfinite"] else ""
            w(f"| {m} | {names[p]} | {lo['n']}{extra} | {f_rel(lo['at_first'])} | "
              f"{f_rel(lo['max'])} | "
              f"{f_rel(lo['median'])} | {f_step(lo['first'])} | {f_loss(cx['final_loss'])} | "
              f"{f_loss(cy['final_loss'])} |\n")
            first_row = False
    w("\n")

    # the first step
    w("### Per-layer shares at the first step\n\n")
    w("At the first statistics step A, B and C ran with the same weights on the same batch, so "
      "a difference there is the emulation's own, not a trajectory that drifted apart. Largest "
      "|A − C| over the tensors, in percentage points of the tensor's elements (in brackets: "
      "the tensor, and the difference in elements), and the largest |A − B|.\n\n")
    w("| model | step | " + " | ".join(f"{words}: max A−C | max A−B" for _, _, words in SHARES)
      + " |\n|---|---|" + "---|---|" * len(SHARES) + "\n")
    for res in results:
        if not res["layers"] or res.get("first_step") is None:
            continue
        cells = [res["model"], str(res["first_step"])]
        for key, _, _ in SHARES:
            best, best_row, ab = None, None, None
            for row in res["layers"]:
                a, b, c = (value(row, k, key, "at_first") for k in "ABC")
                if a is not None and c is not None and (best is None or abs(a - c) > best):
                    best, best_row = abs(a - c), row
                if a is not None and b is not None:
                    ab = max(ab or 0.0, abs(a - b))
            if best is None:
                cells.append("—")
            elif not best:
                cells.append("0")
            else:
                n = best_row["numel"]
                cells.append(f"{f_pct(best)} (`{best_row['name']}`: {round(best * n)} of {n})")
            cells.append(f_pct(ab))
        w("| " + " | ".join(cells) + " |\n")
    w("\n")

    # overflow and scale
    w("### Overflow steps and the loss scale\n\n")
    w("Skipped steps (found_inf where it differs), backoffs and growths of the scale "
      "(scale after the step below or above `scale_before`).\n\n")
    w("| model | run | steps | skipped steps | backoffs | growths | final scale |\n"
      "|---|---|---|---|---|---|---|\n")
    for res in results:
        first_row = True
        for k in "ABCDE":
            if k not in res["counts"]:
                continue
            c = res["counts"][k]
            sk = f"{len(c['skipped'])}: {f_steps(c['skipped'])}" if c["skipped"] else "0"
            if c["found_inf"] != c["skipped"]:
                sk += f" (found_inf {len(c['found_inf'])}: {f_steps(c['found_inf'])})"
            m = res["model"] if first_row else ""
            w(f"| {m} | {k} (run {res['roles'][k]['id']}) | {c['n']} | {sk} | {c['backoffs']} | "
              f"{c['growths']} | {f_scale(c['final_scale'])} |\n")
            first_row = False
    w("\n")
    w("| model | pair | scale_before identical | first different step (x vs y) "
      "| steps with another scale | skipped only in x | skipped only in y |\n"
      "|---|---|---|---|---|---|---|\n")
    for res in results:
        first_row = True
        for p in ("AC", "AB"):
            if p not in res["scale"]:
                continue
            sc = res["scale"][p]
            m = res["model"] if first_row else ""
            if sc["first"] is None:
                ident, first = f"yes, all {sc['n']} common steps", "—"
            else:
                ident = "no"
                first = (f"{sc['first']} ({f_scale(sc['first_values'][0])} vs "
                         f"{f_scale(sc['first_values'][1])})")
            ox, oy = f_steps(sc["skipped_x"]), f_steps(sc["skipped_y"])
            if sc["inf_x"] != sc["skipped_x"] or sc["inf_y"] != sc["skipped_y"]:
                ox += f" (found_inf: {f_steps(sc['inf_x'])})"
                oy += f" (found_inf: {f_steps(sc['inf_y'])})"
            w(f"| {m} | {p[0]}–{p[1]} | {ident} | {first} | {sc['n_differ']} | {ox} | {oy} |\n")
            first_row = False
    w("\n")

    # layers
    w("### Per-layer shares\n\n")
    w("Mean share of a tensor's elements, in %, over the statistics steps common to A, B and C"
      + (" at which they ran with the same `scale_before`" if args.same_scale_only else "")
      + "; underflow (nonzero in the fp32 reference backward, zero here) over the reference "
      "steps among them. Differences in percentage points; D−E is the same share's "
      "difference between fp32 on the two devices. `.out` rows are activation gradients. "
      "**bold**: beyond nondeterminism (above); †: beyond the D−E baseline too.\n\n")
    for res in results:
        if not res["layers"]:
            w(f"**{res['model']}**: needs runs A and C.\n\n")
            continue
        restricted = " (restricted to the steps common to A, B and C)" \
            if res.get("layer_steps_restricted") else ""
        w(f"**{res['model']}**: {res['layer_steps']} statistics steps{restricted}, "
          f"{res['layer_ref_steps']} reference steps.\n\n")
        head = "| layer |"
        sep = "|---|"
        has_de = "D" in res["roles"] and "E" in res["roles"]
        for key, _, words in SHARES:
            de = has_de and key != "underflow"
            head += f" {words} A | C | A−C | A−B |" + (" D−E |" if de else "")
            sep += "---:|---:|---:|---:|" + ("---:|" if de else "")
        w(head + "\n" + sep + "\n")
        for row in res["layers"]:
            cells = [f"`{row['name']}`"]
            for key, _, _ in SHARES:
                a, b, c = (value(row, k, key) for k in "ABC")
                dac = abs(a - c) if a is not None and c is not None else None
                dab = abs(a - b) if a is not None and b is not None else None
                d = f_pct(dac)
                if row["beyond"][key]:
                    d = f"**{d}**" + ("†" if row["beyond_de"][key] else "")
                cells += [f_pct(a), f_pct(c), d, f_pct(dab)]
                if has_de and key != "underflow":
                    dv, ev = value(row, "D", key), value(row, "E", key)
                    cells.append(f_pct(abs(dv - ev)) if dv is not None and ev is not None
                                 else "—")
            w("| " + " | ".join(cells) + " |\n")
        w("\n")
    return out.getvalue()


def write_csv(results, path):
    with open(path, "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["model", "layer", "metric"] + list(ROLES))

        def row(model, layer, metric, vals):
            wr.writerow([model, layer, metric] + [csv_value(vals.get(k)) for k in ROLES])

        for res in results:
            m = res["model"]
            row(m, "", "run_id", {k: r["id"] for k, r in res["roles"].items()})
            c = res["counts"]
            for metric, f in (
                ("steps", lambda x: x["n"]),
                ("final_loss", lambda x: x["final_loss"]),
                ("final_scale", lambda x: x["final_scale"]),
                ("skipped_steps", lambda x: len(x["skipped"])),
                ("found_inf_steps", lambda x: len(x["found_inf"])),
                ("backoffs", lambda x: x["backoffs"]),
                ("growths", lambda x: x["growths"]),
            ):
                row(m, "", metric, {k: f(v) for k, v in c.items()})
            for metric, key in (("loss_max_rel_diff", "max"), ("loss_median_rel_diff", "median"),
                                ("loss_first_step_rel_diff_gt_1e-3", "first"),
                                ("loss_steps_compared", "n")):
                for ref in "AD":
                    vals = {p[1]: res["loss"][p][key] for p in res["loss"] if p[0] == ref}
                    if vals:
                        row(m, "", f"{metric}_vs_{ref}", vals)
            for metric, key in (("scale_first_different_step", "first"),
                                ("scale_steps_different", "n_differ")):
                vals = {p[1]: res["scale"][p][key] for p in res["scale"]}
                if vals:
                    row(m, "", f"{metric}_vs_A", vals)
            if res.get("first_step") is not None:
                row(m, "", "first_statistics_step", {k: res["first_step"] for k in "ABC"
                                                     if k in res["roles"]})
            for metric, key in (("skipped_steps_only_here_vs_A", "skipped_y"),
                                ("skipped_steps_only_in_A", "skipped_x")):
                vals = {p[1]: " ".join(map(str, res["scale"][p][key])) for p in res["scale"]}
                if vals:
                    row(m, "", metric, vals)
            for lr in res["layers"]:
                for key, _, _ in SHARES:
                    row(m, lr["name"], f"{key}_share",
                        {k: value(lr, k, key) for k in ROLES})
                for key, _, _ in SHARES:
                    row(m, lr["name"], f"{key}_share_first_step",
                        {k: value(lr, k, key, "at_first") for k in ROLES})
                for key, _, _ in SHARES:
                    if lr["beyond"][key] is not None:
                        row(m, lr["name"], f"{key}_share_beyond_nondeterminism",
                            {"C": int(lr["beyond"][key])})
                    if lr["beyond_de"][key] is not None:
                        row(m, lr["name"], f"{key}_share_beyond_device_baseline",
                            {"C": int(lr["beyond_de"][key])})


def csv_value(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return "nan" if math.isnan(v) else repr(v)
    return v


# --------------------------------------------------------------------------------------------
# the figure (optional: only when matplotlib imports)


def write_figure(results, args, out_dir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # not installed, or broken: the tables are still written
        return [], f"no figure: matplotlib cannot be imported ({e})"
    plt.rcParams.update({
        "font.size": 10, "axes.titlesize": 10.5, "axes.labelsize": 10,
        "xtick.labelsize": 9, "ytick.labelsize": 9, "legend.fontsize": 8.5,
    })
    real, emu = args.real_device, args.emulated_device
    label = {
        "A": f"A: {real} fp16",
        "C": f"C: {emu} fp16 (emulated)",
        "D": f"D: {real} fp32",
    }
    results = [r for r in results if any(k in r["roles"] for k in "ACD")]
    if not results:
        return [], "no figure: no model has a run A, C or D"
    n = len(results)
    # 11 inches wide: printed across both columns of a report (about 7 inches), the 10-point
    # labels come out at about 6.4 points
    fig, axes = plt.subplots(n, 4, figsize=(11, 2.8 * n + 0.85), squeeze=False)
    for i, res in enumerate(results):
        model, steps, roles = res["model"], res["steps"], res["roles"]
        legend = i == 0
        # 1: loss curves
        ax = axes[i][0]
        styles = {
            "D": dict(color="0.55", linewidth=1.0, alpha=0.6),
            "A": dict(color="C0", linewidth=1.2),
            "C": dict(color="C1", linewidth=1.2, linestyle="--"),
        }
        drawn = False
        for k in ("D", "A", "C"):
            if k not in roles:
                continue
            xs = [s for s in sorted(steps[k]) if finite(steps[k][s][0]) and steps[k][s][0] > 0]
            if xs:
                ax.plot(xs, [steps[k][s][0] for s in xs], label=label[k], **styles[k])
                drawn = True
        if drawn:
            ax.set_yscale("log")
        ax.set_title(f"{model}: loss")
        ax.set_xlabel("step")
        ax.set_ylabel("loss (log)")
        # 2: loss scale
        ax = axes[i][1]
        drawn = False
        for k, marker in (("A", "v"), ("C", "x")):
            if k not in roles or not steps[k]:
                continue
            drawn = True
            xs = sorted(steps[k])
            ys = [log2_or_nan(steps[k][s][1]) for s in xs]
            ax.step(xs, ys, where="post", label=label[k], **styles[k])
            sk = [s for s in xs if steps[k][s][4]]
            if sk:
                ax.plot(sk, [log2_or_nan(steps[k][s][1]) for s in sk], linestyle="none",
                        marker=marker, markersize=6, color=styles[k]["color"],
                        label=f"skipped ({k})")
        ax.set_title(f"{model}: loss scale")
        ax.set_xlabel("step")
        ax.set_ylabel("log2 scale_before")
        # 3, 4: per-layer zero and underflow shares, C against A
        for j, (key, words) in enumerate((("zero", "zeros"),
                                          ("underflow", "underflow"))):
            # a scatter of C against A, one point per tensor, rather than bars: legible with the
            # 39 tensors of deep-mlp too; points off the diagonal are the differences
            share_panel(axes[i][2 + j], res, key, words, args, legend)
    # One legend for the whole figure, above the panels (inside a panel it covers the curves):
    # the lines and markers of the first row, each label once.
    handles, labels = [], []
    for ax in axes[0]:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels and not l.startswith("_"):
                handles.append(h)
                labels.append(l)
    top = 1.0 - 0.55 / (2.8 * n + 0.85)
    if handles:
        fig.legend(handles, labels, loc="upper center", ncol=min(len(labels), 5), frameon=False,
                   bbox_to_anchor=(0.5, 1.0))
    fig.tight_layout(rect=(0, 0, 1, top))
    files = []
    for ext in ("png", "svg"):
        path = os.path.join(out_dir, f"emulation_comparison.{ext}")
        fig.savefig(path, dpi=150)
        files.append(path)
    plt.close(fig)
    return files, None


def log2_or_nan(x):
    return math.log2(x) if finite(x) and x > 0 else float("nan")


KIND_MARKER = {"weight": "o", "bias": "s", "activation": "^"}
KIND_WORDS = {"weight": "weight grad.", "bias": "bias grad.", "activation": "activation grad."}


def share_panel(ax, res, key, words, args, legend):
    ax.set_title(f"{res['model']}: {words}")
    real, emu = args.real_device, args.emulated_device
    ax.set_xlabel(f"A: {real} fp16, % of elements")
    ax.set_ylabel(f"C: {emu} emulated, %")
    pts = []
    for row in res["layers"]:
        a, b, c = (value(row, k, key) for k in "ABC")
        if a is None or c is None:
            continue
        pts.append((row, 100 * a, 100 * c, None if b is None else 100 * abs(a - b)))
    if not pts:
        ax.text(0.5, 0.5, "not measured" if res["layers"] else "needs runs A and C",
                ha="center", va="center", transform=ax.transAxes)
        return
    positive = [v for _, a, c, _ in pts for v in (a, c) if v > 0]
    lo = min(positive) / 3 if positive else 1e-4
    hi = min(max(positive) * 3, 130.0) if positive else 1.0
    ax.plot([lo, hi], [lo, hi], color="0.3", linewidth=0.8, linestyle="--",
            label="y = x" if legend else None)
    for row, a, c, dab in pts:
        x, y = max(a, lo), max(c, lo)
        is_flagged = bool(row["beyond"][key])
        color = "C3" if is_flagged else "C0"
        if dab:
            ax.errorbar([x], [y], yerr=[[min(dab, 0.5 * y)], [dab]], fmt="none",
                        ecolor="0.5", elinewidth=0.8)
        ax.plot([x], [y], linestyle="none", marker=KIND_MARKER.get(row["kind"], "o"),
                markersize=5, color=color, markerfacecolor=color if is_flagged else "none")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo / 1.5, hi)
    ax.set_ylim(lo / 1.5, hi)
    flagged = sorted((r for r in pts if r[0]["beyond"][key]),
                     key=lambda r: -abs(r[1] - r[2]))
    # The three that differ most, named, their labels stepped down so that neighbours stay legible.
    for n_label, (row, a, c, _) in enumerate(flagged[:3]):
        ax.annotate(row["name"], (max(a, lo), max(c, lo)), xytext=(5, -9 - 9 * n_label),
                    textcoords="offset points", fontsize=7.5, color="C3")
    # How many differ, in the title (a note inside the panel covered points and tick labels).
    ax.set_title(f"{res['model']}: {words}, {len(flagged)}/{len(pts)} \u2260")
    if legend:
        # proxies for the figure's legend: one entry per marker kind, whatever the colours
        for kind, marker in KIND_MARKER.items():
            ax.plot([], [], linestyle="none", marker=marker, color="C0",
                    markerfacecolor="none", label=KIND_WORDS[kind])
        ax.plot([], [], linestyle="none", marker="o", color="C3",
                label="\u2260: beyond nondeterminism (a share of 0 is drawn at the lower edge)")


# --------------------------------------------------------------------------------------------


def recap(results):
    """A few plain lines for logs that keep only the tail (scripts/gpu-check.sh)."""
    lines = []
    for res in results:
        lo, sc = res["loss"], res["scale"].get("AC")
        parts = [f"{res['model']}: roles " + "".join(k if k in res["roles"] else "-"
                                                       for k in ROLES)]
        if "AC" in lo:
            parts.append(
                "loss max rel. diff A-C " + f_rel(lo["AC"]["max"])
                + "".join(f", {p[0]}-{p[1]} {f_rel(lo[p]['max'])}" for p in ("AB", "DE") if p in lo)
                + "; first > 1e-3 A-C " + f_step(lo["AC"]["first"])
                + "".join(f", {p[0]}-{p[1]} {f_step(lo[p]['first'])}" for p in ("AB", "DE")
                          if p in lo))
        if sc is not None:
            parts.append("scale A=C" if sc["first"] is None
                         else f"scale differs from step {sc['first']}")
        if res["layers"]:
            parts.append("beyond nondeterminism: " + ", ".join(
                f"{words} {sum(1 for r in res['layers'] if r['beyond'][key])}"
                for key, _, words in SHARES))
        lines.append("; ".join(parts))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Compare real fp16 runs (CUDA) against AmpScope's fp16 emulation (CPU) "
                    "in one run store; writes emulation_comparison.md/.csv/.png/.svg.")
    ap.add_argument("store", metavar="STORE", help="run store (SQLite) holding the runs")
    ap.add_argument("--out", metavar="DIR", default=".", help="output folder (default: .)")
    ap.add_argument("--real-device", default="cuda",
                    help="device of the real fp16/fp32 runs A, B, D (default: cuda; a run's "
                         "device matches when it starts with this, e.g. cuda:0)")
    ap.add_argument("--emulated-device", default="cpu",
                    help="device of the emulated fp16 run C and the fp32 run E (default: cpu)")
    ap.add_argument("--floor", type=float, default=1e-4,
                    help="absolute floor of the per-layer threshold, as a fraction of the "
                         "elements (default 1e-4 = 0.01 percentage points)")
    ap.add_argument("--factor", type=float, default=3.0,
                    help="a share differs beyond nondeterminism when |A-C| > "
                         "max(FACTOR*|A-B|, FLOOR) (default 3)")
    ap.add_argument("--same-scale-only", action="store_true",
                    help="average the per-layer shares only over steps at which A, B and C "
                         "ran with the same scale_before")
    ap.add_argument("--no-figure", action="store_true", help="do not draw the figure")
    args = ap.parse_args(argv)
    if not (args.floor >= 0 and args.factor >= 0):
        ap.error("--floor and --factor must be >= 0")

    try:
        con = open_store(args.store)
        runs = read_runs(con, args.store)
    except StoreError as e:
        print(f"compare-emulation: {e}", file=sys.stderr)
        return 1
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        print(f"compare-emulation: cannot create {args.out}: {e}", file=sys.stderr)
        return 2

    grouped = assign_roles(runs, args.real_device, args.emulated_device)
    try:
        results = [analyse_model(con, m, info, args) for m, info in grouped.items()]
    except sqlite3.Error as e:
        print(f"compare-emulation: {args.store}: reading the runs failed ({e})", file=sys.stderr)
        return 1
    if not results:
        print(f"compare-emulation: {args.store} holds no runs", file=sys.stderr)

    md = markdown(results, args, args.store)
    md_path = os.path.join(args.out, "emulation_comparison.md")
    csv_path = os.path.join(args.out, "emulation_comparison.csv")
    try:
        with open(md_path, "w") as f:
            f.write(md)
        write_csv(results, csv_path)
    except OSError as e:
        print(f"compare-emulation: cannot write into {args.out}: {e}", file=sys.stderr)
        return 2
    sys.stdout.write(md)
    sys.stdout.flush()

    written = [md_path, csv_path]
    why = "no figure: --no-figure" if args.no_figure else None
    if results and not args.no_figure:
        try:
            files, why = write_figure(results, args, args.out)
            written += files
        except Exception as e:  # a figure must never cost the tables
            why = f"no figure: drawing failed ({type(e).__name__}: {e})"
    for line in recap(results):
        print(line, file=sys.stderr)
    if why:
        print(why, file=sys.stderr)
    print("wrote " + ", ".join(written), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
