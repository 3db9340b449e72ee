<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ChartBase</name>
    <message>
        <source>optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 subnormal %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 normal %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 max %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 limits (%2 … %3) lie outside the plotted exponents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unknown option --%1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 given more than once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs a value (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing %1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language of messages and help: %1 (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a number in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 %2: out of range, allowed %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected an integer in %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per run, in [10, 100000] (default 300).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trains the deep MLP three ways and narrates what fp16 does to its gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss scaled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fc1 lost fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fc1 lost scl</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened: without a scaler, fp16 flushed %1% of fc1&apos;s weight-gradient elements to zero in the
last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the
scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The scaler skipped %n step(s) for inf/NaN gradients.</source>
        <translation>
            <numerusform>The scaler skipped %n step for inf/NaN gradients.</numerusform>
            <numerusform>The scaler skipped %n steps for inf/NaN gradients.</numerusform>
        </translation>
    </message>
    <message>
        <source>Record your own run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(see ampscope export --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1 (disk full?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--run needs a run id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--csv needs a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (FILE is already &apos;%2&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing FILE (the run store to read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing --csv DIR (the folder to write to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run %1 in %2 (runs: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a file of that name exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</source>
        <translation>
            <numerusform>exported run %1 (%2, %3, %n step, %4 layer rows) to %5</numerusform>
            <numerusform>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps/s  scale %2  loss %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--out: the file name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No progress bar.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training failed at step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>see what mixed-precision training does to gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open the main window on the default demo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open the main window on the default demo (this build has no GUI: runs `demo`)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>train headless and record every step into a run store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write a stored run&apos;s steps and per-layer stats as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the default demonstration, narrated on the terminal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every command takes --lang CODE (%1; default: the system&apos;s language).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;ampscope COMMAND --help&apos; documents each command.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: KIND must be inf or nan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: spiral-mlp (default), deep-mlp, fashion-cnn.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--model &apos;%1&apos;: allowed spiral-mlp, deep-mlp, fashion-cnn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dataset: spirals, clusters, fashion-mnist (default: the model&apos;s own).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--dataset &apos;%1&apos;: allowed spirals, clusters, fashion-mnist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--precision &apos;%1&apos;: allowed fp32, bf16, fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (default: CUDA when available), cpu or cuda.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--device &apos;%1&apos;: allowed auto, cpu, cuda</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sgd (with momentum), adam (default) or adamw.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--optimizer &apos;%1&apos;: allowed sgd, adam, adamw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD momentum, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples per micro-batch, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer steps to run, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train without a GradScaler (non-finite gradients reach the weights).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial loss scale, in %1 (default %2 = %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale multiplier on overflow, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean steps before the scale grows, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refill the hysteresis counter on every clean step (DeepSpeed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor after backoff, in %1 (default %2 = none: the scale can reach 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cap after growth, in %1 (default %2 = none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never grow or back off (still skips non-finite steps).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Construct the scaler with enabled=false (PyTorch&apos;s transparent mode).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip the total gradient norm to X, %1 &lt;= X &lt;= %2 (default %3 = off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip the still-scaled gradients (the classic bug, for demonstration).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step, in %1 (default %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inject inf or nan into a layer&apos;s weight gradient (or &apos;loss&apos;) at a step; repeatable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-layer statistics every N steps, N &gt;= %1 (default %2; 0 = never).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fp32 reference backward for underflow every K steps (default %1 = off).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not instrument the gradients of module outputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exponent range of the histograms, %1 &lt;= LO &lt; HI &lt;= %2 (default %3:%4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--hist-range &apos;%1&apos;: expected LO:HI, e.g. -40:20</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--hist-format &apos;%1&apos;: allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a non-negative integer in [0, 2^64-1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When writing the run store fails (disk full, file size limit, file deleted): stop (default) or continue training unrecorded. Either way the message goes to stderr and the exit status is 3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--on-record-error &apos;%1&apos;: allowed stop, continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trains a model headless (no display, no Qt GUI libraries) and records every step into a run
store that the GUI opens later. The last line on stdout is one JSON object:
  %1
Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording
stopped (disk full...; the steps committed before are in the store).
Example: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, or no GPU was found); allowed on this machine: auto, cpu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded (--on-record-error continue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LibTorch compute threads, in [1, 256] (default: chosen from the model&apos;s layers and the cores, BLAS threads too).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways
on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler
(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1
weight-gradient elements that fp16 flushed to zero (underflow).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options of the main window (ampscope [options]):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>save a preset&apos;s or a stored run&apos;s charts as PNG, PDF or SVG, without a display</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(see ampscope runs --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running (its writer, process %1, has ended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running (no write for %1 s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group (rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs in %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: ampscope export %1 --run %2 --csv DIR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the runs a run store holds (ids for --replay FILE:RUN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run store to write (SQLite; created if missing, runs are appended; default runs.db in the current folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: ampscope runs [FILE] [--json]

Lists the runs of the run store FILE (default runs.db, where ampscope record and the Python
probe write by default), oldest first: id, when it was created, who wrote it (ampscope or
the probe), model (after the run&apos;s name when it has one), precision, device, steps, skipped
steps, the final loss and its status.
A run still being written says whether its writer is alive.

Options:
  --json     one JSON object per run and line instead of the table
  -h, --help this text

Exit status: 0 done (also for a store without runs), 1 FILE unreadable, 2 bad arguments.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A name for the run, shown beside its model wherever runs are listed (at most %1 characters).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: ampscope export [FILE] [--run RUN] [--whatif] --csv DIR

Writes one run of the run store FILE (default runs.db) as CSV files to DIR (created if missing):
  runs.csv         the run: id, created, model, precision, device, status, steps, ...
  layers.csv       its instrumented tensors (layer_id, name, module, kind, shape, numel)
  steps.csv        one row per optimizer step: loss, scale before/after, skip, reason, ...
  layer_stats.csv  one row per layer and statistics step, with the exponent histogram
  format_whatif.csv (with --whatif) per statistics step, layer and format (fp16, bf16,
                   fp8-e4m3, fp8-e5m2): the elements a cast would flush to zero or overflow

Options:
  --run RUN  the run to export: its id or its name (default: the latest run in FILE)
  --whatif   also write format_whatif.csv (docs/measurements.md, &quot;Format what-if&quot;)
  --csv DIR  the output folder
  -h, --help this text

Numbers are written so that they read back exactly; NaN and infinities as nan, inf, -inf;
an empty field means &apos;none&apos; (no first offender, underflow not measured).
Exit status: 0 done, 1 FILE unreadable or DIR unwritable, 2 bad arguments.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--run expects a run id (a positive integer) or a run&apos;s name, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option --%1; did you mean --%2? (see &apos;ampscope %3 --help&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;; did you mean --%2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>no steps in the range %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>the image is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported by AmpScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf or .svg file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the size must be positive</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Run preset: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark theme.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presentation mode: large fonts, thick lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language: %1 (default: the View &gt; Language setting, else the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer steps to train first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output file (.png, .pdf or .svg).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure size in px/pt, WxH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG pixels per unit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capture the whole window with its panels (PNG only) instead of the figure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --out FILE.png|.pdf|.svg is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --out must end in .png, .pdf or .svg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --window writes PNG only</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n steps)</source>
        <translation>
            <numerusform>wrote %1 (%n step)</numerusform>
            <numerusform>wrote %1 (%n steps)</numerusform>
        </translation>
    </message>
    <message>
        <source>AmpScope: see what mixed-precision training does to gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the run but do not start it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run store (SQLite) that every live run is recorded into; created on demand (default: %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--store: the file name is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --steps must be an integer in [1, 1000000]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --scale must be a number in (0, 8]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and 2^28 pixels in all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the window as PNG after --grab-delay milliseconds, then quit (for documentation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Milliseconds before --grab (default 3000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--grab-delay must be in [0, 600000] ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--replay: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--overlay: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (run %2 of %3, %n steps)</source>
        <translation>
            <numerusform>wrote %1 (run %2 of %3, %n step)</numerusform>
            <numerusform>wrote %1 (run %2 of %3, %n steps)</numerusform>
        </translation>
    </message>
    <message>
        <source>Render the dashboard of a preset after N steps, or of a stored run, to a PNG, PDF or SVG file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --replay: a second stored run over the loss and scale charts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --replay: the step whose per-layer statistics the histograms show (default: the last).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --overlay and --step need --replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>screenshot: --step must be a step number &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): `record`&apos;s, the probe&apos;s, the window&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a run another process is still writing (FILE for its newest run and the runs after it, FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME for a run group&apos;s ranks side by side).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run&apos;s name), got &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Did you mean --%2?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>--lang needs a language code; this build speaks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lang &apos;%1&apos;: not a language this build speaks; choose one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveRecorder</name>
    <message>
        <source>the run store %1 took too long to open (%2 steps waited for it)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>a layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-finite gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 NaN and %2 inf gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n NaN gradients</source>
        <translation>
            <numerusform>%n NaN gradient</numerusform>
            <numerusform>%n NaN gradients</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inf gradients</source>
        <translation>
            <numerusform>%n inf gradient</numerusform>
            <numerusform>%n inf gradients</numerusform>
        </translation>
    </message>
    <message>
        <source>non-finite gradients appeared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 produced %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>growth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>growth refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hysteresis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clamped at min scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clamped at max scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set by user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: %2 and no scaler is checking: the optimizer applied them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: gradients are finite again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</source>
        <translation>
            <numerusform>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflow before a backoff)</numerusform>
            <numerusform>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4 (held at min scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, scale %2 → %3</source>
        <translation>
            <numerusform>step %1: %n clean step, scale %2 → %3</numerusform>
            <numerusform>step %1: %n clean steps, scale %2 → %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, growth capped at max scale: %2 → %3</source>
        <translation>
            <numerusform>step %1: %n clean step, growth capped at max scale: %2 → %3</numerusform>
            <numerusform>step %1: %n clean steps, growth capped at max scale: %2 → %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: growth refused: %2 × growth factor would overflow fp32, scale kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: scale set by the user: %2 → %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale kept at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>bf16 needs no scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32&apos;s 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clipping before unscale_: training stalls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deep MLP, fp16, no loss scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16&apos;s smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, PyTorch&apos;s default scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, inf injected into fc3 at step 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The default run with an inf written into fc3&apos;s weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Init scale too high: an overflow storm, then recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth interval too short: the scale oscillates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16&apos;s range, with a skipped step at every tooth. PyTorch&apos;s default interval exists to make this rare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler&apos;s defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PresetParse</name>
    <message>
        <source>expected a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an integer within +-1e9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list one to three of: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoredRun</name>
    <message>
        <source>run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 (rank %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (run %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserPresets</name>
    <message>
        <source>%1: larger than 1 MiB, not a preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A preset needs a title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This configuration cannot be saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot delete %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No user preset named &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1.json: the name of a built-in preset, skipped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::Dataset</name>
    <message>
        <source>Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and train-labels-idx1-ubyte(.gz). Install the Debian package dataset-fashion-mnist or pass --data-dir.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: images are %2x%3, Fashion-MNIST&apos;s are 28x28</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 labels for %3 images in %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: label %2 is out of range (Fashion-MNIST has classes 0..9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown dataset &apos;%1&apos; (known: spirals, clusters, fashion-mnist)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch size must be at least 1, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read error (%1): the file is corrupt or not a gzip/IDX file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>corrupt compressed data (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported IDX dimension count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); the file is corrupt or not the right dataset file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated inside the IDX header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension %1 is %2 (allowed 1..%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>header claims more than %1 bytes of data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the file holds %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longer than its header says (trailing data after %1 data bytes): the header&apos;s counts do not match the file</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::GradScalerOptions</name>
    <message>
        <source>GradScaler option %1 = %2 is invalid: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The growth factor must be &gt; 1.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The backoff factor must be &lt; 1.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be &gt; 0 (0 would zero the scale at the first overflow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be finite and &gt; 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be &gt;= 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must fit the int32 growth tracker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be &gt;= 1 (1 = back off at every overflow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be finite and &gt;= 0 (0 = no floor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it must be &gt; 0 (inf = no cap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler option init_scale = %1 is invalid: it must lie within [min_scale, max_scale] = [%2, %3]</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ModelZoo</name>
    <message>
        <source>unknown model &apos;%1&apos; (known: %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::Precision</name>
    <message>
        <source>%1 (emulated)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::RunStore</name>
    <message>
        <source>(no space left on the disk)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the file size limit of %1 bytes was reached, see ulimit -f)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setting up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating a run in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disk full while %1 %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing to the disk failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O error while %1 %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (not an SQLite database)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is locked by another process (%2) while %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was moved or deleted while %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 failed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open run store %1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open run store %1: it is a directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open run store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create run store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an empty database, not an AmpScope run store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (an SQLite database with tables: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (its meta table names the application &apos;%2&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: schema_version &apos;%2&apos; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was written by a newer AmpScope (schema %2, this build reads %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has an unknown schema version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: table &apos;%2&apos; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot create a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot append steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot set a status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 in %2 has an unreadable configuration: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 has a gap in its layer ids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: layer %2 has an unreadable shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 step %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown scale change reason &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer statistics without a step row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>statistics for layer %1, the run has %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</source>
        <translation>
            <numerusform>recording to %1 stopped: %2 (%n step was saved, up to step %3)</numerusform>
            <numerusform>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved)</source>
        <translation>
            <numerusform>recording to %1 stopped: %2 (%n step was saved)</numerusform>
            <numerusform>recording to %1 stopped: %2 (%n steps were saved)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording to %1 could not be closed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>upgrading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the disk cannot keep up (%1 steps waited to be written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2: its runs have no names (ampscope runs lists their ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 (its runs&apos; names: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs are named &apos;%2&apos; in %3 (runs %4): give one&apos;s id</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::SessionConfig</name>
    <message>
        <source>(not UTF-8)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 trains on %2 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = never)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = until stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be &gt;= 0 steps/s (0 = none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must satisfy %1 &lt;= lo &lt; hi &lt;= %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run); rename the directory or point a symbolic link with a UTF-8 name at it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layer name must be valid UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs a layer name or &apos;loss&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the step must be &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; must be an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [%3, %4]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: unknown %1 &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [0, 2^64)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>histogram target format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session config: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>must be one line of text, without tabs or control characters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::TrainingSession</name>
    <message>
        <source>%1: out of memory. The session has ended; a smaller --batch-size or --accumulate, a smaller model or the CPU (--device cpu) needs less, and a new session starts clean.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error (not a std::exception)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available (this LibTorch has no CUDA support, or no GPU was found); use --device cpu or auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 has no layer named &apos;%2&apos; (allowed: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resumed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaler settings not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed limit %1 not applied: it must be &gt;= 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale %1 not applied: it must be finite, &gt; 0 and fit fp32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fault injection: no layer named &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss scale has reached 0: every gradient is now 0 or NaN, so no step can succeed and the scale cannot recover (0 is absorbing). Set a min scale (e.g. 1) or reset the run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss scale is held at its floor, min scale = %1: steps are skipped for as long as the gradients overflow even at this scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started on %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>finished after %n steps</source>
        <translation>
            <numerusform>finished after %n step</numerusform>
            <numerusform>finished after %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>training stopped at step %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n steps</source>
        <translation>
            <numerusform>stopped after %n step</numerusform>
            <numerusform>stopped after %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run store was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learning rate %1 not applied: it must be in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clip norm %1 not applied: it must be in %2 (0 = off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accumulation %1 not applied: it must be a whole number in %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::AboutDialog</name>
    <message>
        <source>About AmpScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>See what mixed-precision training does to gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built with LibTorch %1 and Qt %2; running on Qt %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs are recorded in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your presets are saved in:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ControlPanel</name>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(presets unavailable: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the run with this preset (resets the training)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the current settings as your own preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete this preset (only presets you saved can be deleted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unscaled histogram (−log₂ S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the true gradients g/S instead of what fp16 held (g scaled by S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run (applies on Reset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spiral-mlp (4 layers, spirals)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deep-mlp (13 layers, clusters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fashion-cnn (Fashion-MNIST)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto (CUDA when available)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cpu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuda</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changed: these settings need a new model and data. The run goes on with the old ones until you reset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to apply (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build a new session with these settings; the current run ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clip_grad_norm_ to this total norm (0 = off). Applies at the next step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unscale first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, the classic bug that shrinks every update by the scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before one optimizer step. Applies at the next step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps per second (far left: as fast as the machine goes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fault injection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The layer whose weight gradient gets ~1% inf/NaN elements (&apos;loss&apos;: the loss itself)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inject now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poison the next step&apos;s gradient (Ctrl+I)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaler (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaler (off in this run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::Dashboard</name>
    <message>
        <source>All charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under/overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exponents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next chart page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous chart page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart page %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::EventLog</name>
    <message>
        <source>What the scaler decided and why. Click a line to show that step in the charts.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ExportDialog</name>
    <message>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .pdf or .svg (vector).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG only: pixels per unit (2 gives a sharp figure at the same layout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::FollowController</name>
    <message>
        <source>--follow: the group name after &apos;group=&apos; is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist (any more): waiting for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no runs in %1 yet: waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no runs of group &apos;%1&apos; in %2 yet: waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope — following run %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>following %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>following %1 — opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n steps</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ranks, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer stopped, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writer stopped (no sign of life for %1 s), %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · ranks disagree at %n step(s)</source>
        <translation>
            <numerusform> · ranks disagree at %n step</numerusform>
            <numerusform> · ranks disagree at %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source> · a newer run %1 is in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following run %1 of %2 (%3 · %4), written by another process: %5. Back to the live run stops following.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a run store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow a run (the newest also follows the runs that come after it; a run of a group shows its ranks side by side)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: ranks disagree: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ranks disagree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--follow: expected FILE, FILE:RUN, FILE:NAME or FILE:group=NAME, got &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 yet: waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1:%2 (run %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::HistogramHeatmap</name>
    <message>
        <source>zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient exponents per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no step yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ (scaled, as backward produced it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of the tensor&apos;s elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary exponent of the unscaled gradient g/S = e − log₂ S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ of the scaled gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unscaled view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bias rows hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (unscaled: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent ≤ %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent ≥ %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent %1: |g| in [2^%1, 2^%2)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
no statistics at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2
%3 of %4 elements (%5%)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerCountsPlot</name>
    <message>
        <source>Underflow / overflow per layer over steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overflow + non-finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Underflow: elements nonzero in an fp32 reference backward but zero here (reference steps only). Overflow: NaN and inf elements and finite ones beyond the format&apos;s maximum.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Percent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: first offender %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, step %2: %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, step %2: %3 elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no activation gradients in this run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not available in replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>underflow is measured on reference steps only (reference every k steps &gt; 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps %1–%2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 steps per column, largest shown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · replay: a sample of %1 of %2 statistics steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · grey: measured, none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerHistoryHeatmap</name>
    <message>
        <source>Selected layer over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>select a layer in the table or the histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent e of the scaled gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share of elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · waiting for statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent of the unscaled gradient g/S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · steps %2–%3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 steps per column)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerTableModel</name>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inf/NaN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max |g|</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First offender</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the gradient&apos;s elements that are exactly zero (underflow or a dead unit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of nonzero elements below fp16&apos;s smallest normal 2^-14 (precision is lost there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; measured every reference_every steps)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count of NaN, +inf and -inf elements at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest finite magnitude of the scaled gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first layer to go non-finite in backward order, and how often it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×, last step %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured yet (needs an fp32 reference backward: reference_every &gt; 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 elements lost at step %2, carrying %3% of the gradient mass</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LossPlot</name>
    <message>
        <source>Training loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-entropy loss (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cross-entropy loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped step or non-finite loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-finite loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no loss: the script gave probe.step() none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::MainWindow</name>
    <message>
        <source>Following the newest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow newest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the scaler did</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;dashboard…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start / resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load &amp;preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation mode (large fonts, thick lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow the newest step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following the newest step (click a line in the event log to look at a step)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing step %1 (per-layer statistics from step %2, the nearest kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 steps · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no loss scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · overlay %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 lr %2 · batch %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a run from a run store (recorded here or by &apos;ampscope record&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;verlay a run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove the overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back to the live run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the visible range as C&amp;SV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the live run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope — replaying run %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope — run %1 (recording to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a run store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay a run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot replay the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay a run from a run store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay a run on the loss and scale charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot overlay the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the visible steps %1–%2 as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1 steps to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some user presets were skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (my settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset not saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved preset &apos;%1&apos; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete your preset &apos;%1&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preset not deleted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Follow a run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the formats what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no per-layer statistics to export yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the formats what-if of step %1 as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote the what-if of step %1 (%2 rows) to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About AmpScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the formats &amp;what-if as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run&apos;s own format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler (init %1, interval %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format li&amp;mits drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nothing to tell: no step skipped, the scale never changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: nothing to tell: no loss scaling, and no gradient went non-finite</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ReplayController</name>
    <message>
        <source>Opening run %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening run %1 of %2: reading statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening run %1 of %2: %3 of %4 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replaying run %1 from %2 (read-only: %3 · %4 · %5 steps, %6). Click the event log or the charts to look at a step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1: %2 (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunBrowser</name>
    <message>
        <source>Runs in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the runs in %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group (rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunSettingsView</name>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings of run %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the run was recorded (read-only). The live run&apos;s controls come back with &quot;Back to the live run&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your script, through the Python probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AmpScope (a built-in model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, on %2 (process %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2, group %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded (watch() was given none, or one AmpScope has no name for)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm %1, after unscaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>norm %1, before unscaling (scaled gradients)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at step %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faults injected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off: no loss scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×%1 after %2 clean steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×%1 on a skipped step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 overflows in a row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 overflows since the last growth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Static scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes: never grows or backs off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the start of the run: the scale chart shows every change made during it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-layer statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flushed to zero by a cast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Underflow reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limits of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2^%1 to 2^%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SavePresetDialog</name>
    <message>
        <source>Save preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What this run shows, in a few sentences (shown beside the charts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saves the current settings (model, precision, scaler, learning rate, clipping, ...) as a preset listed after the built-in ones.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalePlot</name>
    <message>
        <source>Loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped step (backoff)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>growth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no loss scaling in this run: S = 1, nothing is skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1
scale %2 → %3 (%4)
growth tracker %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first offender: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
%1: scale %2 → %3 (%4)%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale S (log₂)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scale each step ran with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hover for details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalerPanel</name>
    <message>
        <source>Loss scaler (live)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: gradients are not scaled, non-finite steps are not skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scale a run starts with (a power of two). While a run is going it sets the current scale at the next step (the scale plot says &apos;set by user&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps (must be &gt; 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scale multiplier after a step with inf/NaN gradients (must be &lt; 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (log slider, 1 to 10000)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back off only after this many overflows (1 = PyTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consecutive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Floor after a backoff; without one the scale can reach 0 and stay there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (∞)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>static scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scale never grows or backs off; non-finite steps are still skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2: outside the slider&apos;s steps (%3 to %4); moving the slider replaces it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SessionController</name>
    <message>
        <source>Not recording this run: %1. Training goes on unrecorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading Fashion-MNIST and building fashion-cnn…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Building %1 (%2)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not build the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: injecting %2 into %3 at the next step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::StatusBar</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● recording run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every step of this run is recorded in %1 (File &gt; Open replays it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replay: %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final scale %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no scaler</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped %1 (%2%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped by an error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records the GUI could not take in time (the training never waits for the GUI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rank whose statistics the charts and the layer table show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded so far: %1 steps</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfModel</name>
    <message>
        <source>No session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No per-layer statistics yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unscaled gradient g/S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scaled gradient, as backward produced it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the unscaled what-if needs a power-of-two scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cast with no per-tensor scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
underflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the elements that are non-zero but would become zero when cast to %1 (|x| ≤ %2, half its smallest subnormal: the tie rounds to the even zero)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no statistics at this step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would flush to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would flush to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flushes: non-zero |x| ≤ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflows: |x| %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no per-layer statistics to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shares of all elements (a–b: the histogram only bounds the count)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfPanel</name>
    <message>
        <source>What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to zero or overflow, from the exact exponent histogram (docs/measurements.md, &quot;Format what-if&quot;). The values are already in the run&apos;s own format: a cast to that format changes nothing, and what the run flushed is counted as zero now (the Layers table&apos;s Underflow column measures it against an fp32 reference).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
