#!/usr/bin/env python3
"""Writes the seed corpora under fuzz/corpus/<target>/ (small valid and invalid examples).

Naming is a contract that tests/fuzz/test_fuzz_inputs checks: a seed whose name starts with
"ok-" must be accepted by its reader, every other seed (and every regression input, unless its
name starts with "ok-") must be rejected with a message.

Run from anywhere: python3 fuzz/make_seeds.py. Deterministic; the output is committed, so this
only needs re-running when a format changes. Run-store seeds use core/store/src/schema.cpp's own
schema text, so they follow the schema.
"""
import gzip
import json
import os
import re
import sqlite3
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")


def put(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def gz(data):
    return gzip.compress(data, mtime=0)


# --- IDX ---------------------------------------------------------------------------------------
def idx(dims, payload):
    return struct.pack(">BBBB", 0, 0, 8, len(dims)) + b"".join(struct.pack(">I", d) for d in dims) + payload


labels = idx([5], bytes([0, 1, 2, 9, 3]))
images = idx([2, 3, 3], bytes(range(18)))
put("idx", "ok-labels.raw", labels)
put("idx", "ok-images.raw", images)
put("idx", "ok-labels.gz", gz(labels))
put("idx", "ok-images.gz", gz(images))
put("idx", "empty", b"")
put("idx", "truncated-header", images[:9])
put("idx", "truncated-payload", images[:-4])
put("idx", "trailing-data", labels + b"\x07")
put("idx", "bad-magic", b"\x00\x00\x09\x01" + labels[4:])
put("idx", "zero-dim", idx([0], b""))
put("idx", "huge-dim", idx([0xFFFFFFFF, 1, 1], b""))
put("idx", "truncated.gz", gz(images)[:-6])

# --- presets -----------------------------------------------------------------------------------
presets_dir = os.path.join(ROOT, "resources", "presets")
for fn in sorted(os.listdir(presets_dir)):
    if fn.endswith(".json"):
        with open(os.path.join(presets_dir, fn), "rb") as f:
            put("preset", "ok-" + fn, f.read())
put("preset", "not-json", "{ name: default")
put("preset", "array", "[1, 2, 3]")
put("preset", "no-name", json.dumps({"title": "t", "config": {}}))
put("preset", "bad-config", json.dumps({"name": "x", "config": {"lr": -1, "model": "nope"}}))
put("preset", "typed-wrong", json.dumps({"name": 5, "order": "first", "config": {"batch_size": 1.5e300}}))
put("preset", "ok-faults", json.dumps({"name": "f", "order": 3, "config": {
    "faults": [{"layer": "fc3", "kind": "inf", "step": 10}, {"layer": "loss", "kind": "nan", "step": 2}],
    "histogram": {"lo": -40, "hi": 20, "target": "fp8-e4m3"},
    "scaler": {"init_scale": 1024, "max_scale": None, "hysteresis": 2}}}))

# --- scaler state ------------------------------------------------------------------------------
state = {"format": "ampscope-gradscaler-state", "version": 1, "empty": False, "scale": 65536.0,
         "growth_factor": 2.0, "backoff_factor": 0.5, "growth_interval": 2000, "_growth_tracker": 17,
         "hysteresis": 2, "hysteresis_tracker": 1, "consecutive_hysteresis": False, "min_scale": 1.0,
         "max_scale": None, "static_scale": False}
put("scaler_state", "ok-valid.json", json.dumps(state, indent=2))
put("scaler_state", "empty.json", json.dumps({"format": "ampscope-gradscaler-state", "version": 1, "empty": True}))
put("scaler_state", "ok-pytorch-only.json", json.dumps({k: state[k] for k in (
    "format", "version", "scale", "growth_factor", "backoff_factor", "growth_interval", "_growth_tracker")}))
put("scaler_state", "ok-scale-zero.json", json.dumps(dict(state, scale=0.0, min_scale=0.0)))
put("scaler_state", "future-version.json", json.dumps(dict(state, version=2)))
put("scaler_state", "tracker-out-of-range.json", json.dumps(dict(state, _growth_tracker=2000)))
put("scaler_state", "huge-numbers.json", json.dumps(dict(state, scale=1e39, growth_interval=2**40)))
put("scaler_state", "not-json", "scale = 65536")

# --- CLI arguments (NUL-separated, as in argv) -------------------------------------------------
def argv(*args):
    return "\0".join(args)


put("cli_args", "ok-minimal", argv("--out", "runs.db"))
put("cli_args", "ok-full", argv("--model", "deep-mlp", "--precision=fp16", "--steps", "2000", "--lr", "1e-3",
                             "--reference-every", "50", "--hysteresis", "2", "--min-scale", "1",
                             "--inject", "fc3:inf@100", "--inject", "loss:nan@5", "--hist-range", "-40:20",
                             "--out", "runs.db", "--threads", "2", "--quiet"))
put("cli_args", "ok-help", argv("--help"))
put("cli_args", "bad-number", argv("--lr", "nan", "--out", "x"))
put("cli_args", "out-of-range", argv("--batch-size", "0", "--growth-factor", "1e400", "--out", "x"))
put("cli_args", "unknown", argv("--frobnicate", "--out"))
put("cli_args", "repeated", argv("--lr", "1", "--lr", "2"))
put("cli_args", "bad-inject", argv("--inject", "fc3:inf@-1", "--inject", ":nan@", "--out", "x"))
put("cli_args", "empty-value", argv("--out=", "--seed", "18446744073709551616"))
# `ampscope export FILE [--run ID] --csv DIR`: a first argument "export" selects its parser.
put("cli_args", "ok-export", argv("export", "runs.db", "--run", "3", "--csv", "out"))
put("cli_args", "ok-export-equals", argv("export", "--csv=out", "runs.db"))
put("cli_args", "ok-export-help", argv("export", "-h"))
put("cli_args", "export-bad-run", argv("export", "runs.db", "--run", "-7", "--csv", "out"))
put("cli_args", "export-run-overflow", argv("export", "runs.db", "--run=99999999999999999999", "--csv", "out"))
put("cli_args", "export-no-dir", argv("export", "runs.db", "--csv="))
put("cli_args", "export-two-files", argv("export", "a.db", "b.db", "--csv", "out"))
put("cli_args", "export-empty-file", argv("export", "", "--csv", "out"))

# --- run store ---------------------------------------------------------------------------------
with open(os.path.join(ROOT, "core", "store", "src", "schema.cpp")) as f:
    source = f.read()
    schema = re.search(r'kSchemaSql = R"sql\((.*?)\)sql"', source, re.S).group(1)
    schema += re.search(r'kSummaryViewSql = R"sql\((.*?)\)sql"', source, re.S).group(1)
with open(os.path.join(ROOT, "core", "store", "src", "schema.h")) as f:
    schema_version_now = re.search(r'constexpr int kSchemaVersion = (\d+);', f.read()).group(1)

# Schema 1 (AmpScope 0.1), frozen: no step counts in runs; the view counts the step rows. Files of
# schema 1 are read as they are and upgraded when opened for writing.
SCHEMA1_VIEW = """
CREATE VIEW run_summary AS
  SELECT r.id, r.created, r.model, r.precision, r.device, r.status,
         (SELECT count(*) FROM steps s WHERE s.run_id = r.id) AS steps,
         (SELECT coalesce(sum(s.skipped), 0) FROM steps s WHERE s.run_id = r.id) AS skipped,
         l.scale AS final_scale, l.loss AS final_loss
  FROM runs r
  LEFT JOIN steps l ON l.run_id = r.id
                   AND l.step = (SELECT max(step) FROM steps s WHERE s.run_id = r.id);
"""


# Schema 2, frozen: schema 1 plus the step counts in runs; no run origin (schema 3).
SCHEMA2_VIEW = """
CREATE VIEW run_summary AS
  SELECT r.id, r.created, r.model, r.precision, r.device, r.status,
         r.step_count AS steps, r.skipped_count AS skipped,
         l.scale AS final_scale, l.loss AS final_loss
  FROM runs r
  LEFT JOIN steps l ON l.run_id = r.id
                   AND l.step = (SELECT max(step) FROM steps s WHERE s.run_id = r.id);
"""


def schema_text(version):
    if version not in ("1", "2"):
        return schema
    tables = re.search(r'kSchemaSql = R"sql\((.*?)\)sql"', source, re.S).group(1)
    # Schema 3's origin columns follow skipped_count; schema 2 ends there, schema 1 before step_count.
    tables = re.sub(r"(\n  skipped_count[^,\n]*),\n.*?\n\);", r"\1\n);", tables, count=1, flags=re.S)
    assert "writer_pid" not in tables and "skipped_count" in tables
    if version == "2":
        return tables + SCHEMA2_VIEW
    tables = re.sub(r",\n  step_count[^\n]*\n  skipped_count[^\n]*\n", "\n", tables)
    assert "step_count" not in tables
    return tables + SCHEMA1_VIEW


config = {"model": "spiral-mlp", "precision": "fp16", "optimizer": "adam", "lr": 0.003, "batch_size": 8}


def store(name, schema_version=schema_version_now, app="AmpScope", steps=3, mutate=None):
    path = os.path.join(CORPUS, "run_store", name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size=512")
    db.execute("PRAGMA application_id=%d" % 0x416D7053)
    db.execute("PRAGMA user_version=%s" % (schema_version if schema_version.isdigit() else 1))
    db.executescript(schema_text(schema_version))
    db.executemany("INSERT INTO meta VALUES (?, ?)", [("app", app), ("schema_version", schema_version),
                                                      ("created", "2024-01-01T00:00:00Z")])
    db.execute("INSERT INTO runs(id, created, updated, config, model, dataset, precision, device, status)"
               " VALUES (1, '2024-01-01T00:00:00Z', '2024-01-01T00:00:01Z', ?, 'spiral-mlp',"
               " 'spirals', 'fp16 (emulated)', 'cpu', 'finished')", (json.dumps(config),))
    db.executemany("INSERT INTO layers VALUES (1, ?, ?, ?, ?, ?, ?, ?)", [
        (0, "fc1.weight", "fc1", "weight", "[4,2]", 8, 0), (1, "fc1.bias", "fc1", "bias", "[4]", 4, 0)])
    for s in range(steps):
        db.execute("INSERT INTO steps VALUES (1, ?, ?, 0.003, 65536.0, ?, ?, 1, ?, ?, ?, ?, 0.5, 1.0, 2.0, 0.1, 0.2)",
                   (s, 1.0 / (s + 1), 32768.0 if s == 1 else 65536.0, s % 3, int(s == 1), int(s == 1),
                    "backoff" if s == 1 else "unchanged", 0 if s == 1 else None))
        if s % 2 == 0:
            for layer in (0, 1):
                db.execute("INSERT INTO layer_stats VALUES (1, ?, ?, 8, 1, 0, 0, 0, 0, 0, 0, 0.5, 0.001, 0.25, 0.5,"
                           " ?, 0.0, -40, 20, ?)", (s, layer, None if s else 2, "[" + ",".join(["0"] * 59) + ",8]"))
    if schema_version != "1":
        db.execute("UPDATE runs SET step_count = ?, skipped_count = ?", (steps, int(steps > 1)))
    if mutate:
        mutate(db)
    db.commit()
    db.execute("VACUUM")
    db.close()


store("ok-valid.db")
store("ok-schema1.db", schema_version="1")
store("ok-schema2.db", schema_version="2")
store("future-schema.db", schema_version="7")
store("foreign-app.db", app="SomethingElse", steps=1)
store("bad-version.db", schema_version="one", steps=0)
store("unknown-reason.db", mutate=lambda db: db.execute("UPDATE steps SET reason='sideways' WHERE step=2"))
store("bad-layer-ref.db", mutate=lambda db: db.execute("UPDATE layer_stats SET layer_id=5 WHERE step=2 AND layer_id=1"))
store("bad-hist.db", mutate=lambda db: db.execute("UPDATE layer_stats SET hist='[1,2' WHERE step=0"))
store("null-config.db", mutate=lambda db: db.execute("UPDATE runs SET config='{\"lr\": \"fast\"}'"))
store("missing-table.db", steps=1, mutate=lambda db: db.execute("DROP TABLE layer_stats"))
foreign = os.path.join(CORPUS, "run_store", "foreign.db")
if os.path.exists(foreign):
    os.remove(foreign)
db = sqlite3.connect(foreign)
db.execute("PRAGMA page_size=512")
db.execute("CREATE TABLE people(name TEXT, age INTEGER)")
db.execute("INSERT INTO people VALUES ('ada', 36)")
db.commit()
db.close()
with open(os.path.join(CORPUS, "run_store", "ok-valid.db"), "rb") as f:
    valid = f.read()
put("run_store", "truncated.db", valid[: len(valid) // 2])
put("run_store", "header-only.db", valid[:100])
put("run_store", "empty", b"")
put("run_store", "text", "not a database\n")
