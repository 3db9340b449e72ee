<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>ChartBase</name>
    <message>
        <source>optimizer step</source>
        <translation>Optimiererschritt</translation>
    </message>
    <message>
        <source>%1 subnormal %2</source>
        <translation>%1 subnormal %2</translation>
    </message>
    <message>
        <source>%1 normal %2</source>
        <translation>%1 normal %2</translation>
    </message>
    <message>
        <source>%1 max %2</source>
        <translation>%1 max %2</translation>
    </message>
    <message>
        <source>%1 limits (%2 … %3) lie outside the plotted exponents</source>
        <translation>Die Grenzen von %1 (%2 … %3) liegen außerhalb der gezeichneten Exponenten</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unknown option --%1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>unbekannte Option --%1 (siehe &apos;ampscope %2 --help&apos;)</translation>
    </message>
    <message>
        <source>--%1 given more than once</source>
        <translation>--%1 mehr als einmal angegeben</translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation>--%1 nimmt keinen Wert</translation>
    </message>
    <message>
        <source>--%1 needs a value (%2)</source>
        <translation>--%1 braucht einen Wert (%2)</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>missing %1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>%1 fehlt (siehe &apos;ampscope %2 --help&apos;)</translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation>Aufruf:</translation>
    </message>
    <message>
        <source>options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>Argumente:</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>Optionen:</translation>
    </message>
    <message>
        <source>Language of messages and help: %1 (default: the system&apos;s).</source>
        <translation>Sprache der Meldungen und der Hilfe: %1 (Vorgabe: die des Systems).</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>Diese Hilfe zeigen und beenden.</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a number in %3</source>
        <translation>--%1 &apos;%2&apos;: erwartet wird eine Zahl in %3</translation>
    </message>
    <message>
        <source>--%1 %2: out of range, allowed %3</source>
        <translation>--%1 %2: außerhalb des Bereichs, erlaubt ist %3</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected an integer in %3</source>
        <translation>--%1 &apos;%2&apos;: erwartet wird eine ganze Zahl in %3</translation>
    </message>
    <message>
        <source>Steps per run, in [10, 100000] (default 300).</source>
        <translation>Schritte pro Lauf, in [10, 100000] (Vorgabe 300).</translation>
    </message>
    <message>
        <source>Trains the deep MLP three ways and narrates what fp16 does to its gradients.</source>
        <translation>Trainiert das tiefe MLP auf drei Arten und erzählt, was fp16 mit seinen Gradienten macht.</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>loss fp32</source>
        <translation>Loss fp32</translation>
    </message>
    <message>
        <source>loss fp16</source>
        <translation>Loss fp16</translation>
    </message>
    <message>
        <source>loss scaled</source>
        <translation>Loss skaliert</translation>
    </message>
    <message>
        <source>fc1 lost fp16</source>
        <translation>fc1 weg fp16</translation>
    </message>
    <message>
        <source>fc1 lost scl</source>
        <translation>fc1 weg skal.</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>Skala</translation>
    </message>
    <message>
        <source>What happened: without a scaler, fp16 flushed %1% of fc1&apos;s weight-gradient elements to zero in the
last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the
scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.</source>
        <translation>Was geschah: Ohne Skalierer hat fp16 im zuletzt gemessenen Schritt %1% der Elemente des fc1-Gewichtsgradienten
auf null gesetzt (Gradienten unter 2^-24 gibt es in fp16 nicht); wird der Loss zuerst mit der Skala
multipliziert, bleiben %2% davon erhalten. End-Loss: fp32 %3, fp16 %4, fp16 + Skalierer %5.</translation>
    </message>
    <message numerus="yes">
        <source>The scaler skipped %n step(s) for inf/NaN gradients.</source>
        <translation>
            <numerusform>Der Skalierer hat %n Schritt wegen inf/NaN-Gradienten übersprungen.</numerusform>
            <numerusform>Der Skalierer hat %n Schritte wegen inf/NaN-Gradienten übersprungen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Record your own run: %1</source>
        <translation>Einen eigenen Lauf aufzeichnen: %1</translation>
    </message>
    <message>
        <source>(see ampscope export --help)</source>
        <translation>(siehe ampscope export --help)</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>cannot write %1 (disk full?)</source>
        <translation>%1 kann nicht geschrieben werden (Datenträger voll?)</translation>
    </message>
    <message>
        <source>--run needs a run id</source>
        <translation>--run braucht eine Lauf-ID</translation>
    </message>
    <message>
        <source>--csv needs a folder</source>
        <translation>--csv braucht einen Ordner</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation>unbekannte Option &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (FILE is already &apos;%2&apos;)</source>
        <translation>unerwartetes Argument &apos;%1&apos; (FILE ist bereits &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>missing FILE (the run store to read)</source>
        <translation>FILE fehlt (der zu lesende Laufspeicher)</translation>
    </message>
    <message>
        <source>missing --csv DIR (the folder to write to)</source>
        <translation>--csv DIR fehlt (der Zielordner)</translation>
    </message>
    <message>
        <source>%1 holds no runs</source>
        <translation>%1 enthält keine Läufe</translation>
    </message>
    <message>
        <source>no run %1 in %2 (runs: %3)</source>
        <translation>kein Lauf %1 in %2 (Läufe: %3)</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>der Ordner %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>a file of that name exists</source>
        <translation>eine Datei dieses Namens existiert</translation>
    </message>
    <message numerus="yes">
        <source>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</source>
        <translation>
            <numerusform>Lauf %1 (%2, %3, %n Schritt, %4 Schichtzeilen) nach %5 exportiert</numerusform>
            <numerusform>Lauf %1 (%2, %3, %n Schritte, %4 Schichtzeilen) nach %5 exportiert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps/s  scale %2  loss %3</source>
        <translation>%1 Schritte/s  Skala %2  Loss %3</translation>
    </message>
    <message>
        <source>--out: the file name is empty</source>
        <translation>--out: der Dateiname ist leer</translation>
    </message>
    <message>
        <source>No progress bar.</source>
        <translation>Kein Fortschrittsbalken.</translation>
    </message>
    <message>
        <source>recording stopped: %1</source>
        <translation>Aufzeichnung angehalten: %1</translation>
    </message>
    <message>
        <source>training failed at step %1: %2</source>
        <translation>Training in Schritt %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>see what mixed-precision training does to gradients.</source>
        <translation>sehen, was Mixed-Precision-Training mit Gradienten macht.</translation>
    </message>
    <message>
        <source>open the main window on the default demo</source>
        <translation>das Hauptfenster mit der Standarddemo öffnen</translation>
    </message>
    <message>
        <source>open the main window on the default demo (this build has no GUI: runs `demo`)</source>
        <translation>das Hauptfenster mit der Standarddemo öffnen (dieser Build hat keine GUI: führt `demo` aus)</translation>
    </message>
    <message>
        <source>train headless and record every step into a run store</source>
        <translation>ohne Fenster trainieren und jeden Schritt in einem Laufspeicher aufzeichnen</translation>
    </message>
    <message>
        <source>write a stored run&apos;s steps and per-layer stats as CSV</source>
        <translation>Schritte und Schichtstatistiken eines gespeicherten Laufs als CSV schreiben</translation>
    </message>
    <message>
        <source>the default demonstration, narrated on the terminal</source>
        <translation>die Standarddemonstration, im Terminal erzählt</translation>
    </message>
    <message>
        <source>Every command takes --lang CODE (%1; default: the system&apos;s language).</source>
        <translation>Jeder Befehl nimmt --lang CODE (%1; Vorgabe: die Sprache des Systems).</translation>
    </message>
    <message>
        <source>&apos;ampscope COMMAND --help&apos; documents each command.</source>
        <translation>&apos;ampscope BEFEHL --help&apos; beschreibt jeden Befehl.</translation>
    </message>
    <message>
        <source>This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.</source>
        <translation>Dieser AmpScope-Build hat keine GUI (gebaut mit AMPSCOPE_GUI=OFF): die Demo läuft ohne Fenster.</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5</source>
        <translation>--inject &apos;%1&apos;: erwartet wird LAYER:KIND@STEP, z. B. fc3:inf@100 oder loss:nan@5</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: KIND must be inf or nan</source>
        <translation>--inject &apos;%1&apos;: KIND muss inf oder nan sein</translation>
    </message>
    <message>
        <source>Model: spiral-mlp (default), deep-mlp, fashion-cnn.</source>
        <translation>Modell: spiral-mlp (Vorgabe), deep-mlp, fashion-cnn.</translation>
    </message>
    <message>
        <source>--model &apos;%1&apos;: allowed spiral-mlp, deep-mlp, fashion-cnn</source>
        <translation>--model &apos;%1&apos;: erlaubt sind spiral-mlp, deep-mlp, fashion-cnn</translation>
    </message>
    <message>
        <source>Dataset: spirals, clusters, fashion-mnist (default: the model&apos;s own).</source>
        <translation>Datensatz: spirals, clusters, fashion-mnist (Vorgabe: der des Modells).</translation>
    </message>
    <message>
        <source>--dataset &apos;%1&apos;: allowed spirals, clusters, fashion-mnist</source>
        <translation>--dataset &apos;%1&apos;: erlaubt sind spirals, clusters, fashion-mnist</translation>
    </message>
    <message>
        <source>Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).</source>
        <translation>Wo die Fashion-MNIST-IDX-Dateien liegen (Vorgabe /usr/share/datasets/fashion-mnist).</translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.</source>
        <translation>fp32, bf16 oder fp16 (Vorgabe). fp16/bf16 auf der CPU werden emuliert und so gekennzeichnet.</translation>
    </message>
    <message>
        <source>--precision &apos;%1&apos;: allowed fp32, bf16, fp16</source>
        <translation>--precision &apos;%1&apos;: erlaubt sind fp32, bf16, fp16</translation>
    </message>
    <message>
        <source>auto (default: CUDA when available), cpu or cuda.</source>
        <translation>auto (Vorgabe: CUDA, wenn vorhanden), cpu oder cuda.</translation>
    </message>
    <message>
        <source>--device &apos;%1&apos;: allowed auto, cpu, cuda</source>
        <translation>--device &apos;%1&apos;: erlaubt sind auto, cpu, cuda</translation>
    </message>
    <message>
        <source>sgd (with momentum), adam (default) or adamw.</source>
        <translation>sgd (mit Momentum), adam (Vorgabe) oder adamw.</translation>
    </message>
    <message>
        <source>--optimizer &apos;%1&apos;: allowed sgd, adam, adamw</source>
        <translation>--optimizer &apos;%1&apos;: erlaubt sind sgd, adam, adamw</translation>
    </message>
    <message>
        <source>Learning rate, in %1 (default %2).</source>
        <translation>Lernrate, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>SGD momentum, in %1 (default %2).</source>
        <translation>SGD-Momentum, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Weight decay, in %1 (default %2).</source>
        <translation>Weight Decay, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Examples per micro-batch, in %1 (default %2).</source>
        <translation>Beispiele pro Mikro-Batch, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Optimizer steps to run, in %1 (default %2).</source>
        <translation>Auszuführende Optimiererschritte, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Train without a GradScaler (non-finite gradients reach the weights).</source>
        <translation>Ohne GradScaler trainieren (nicht-endliche Gradienten erreichen die Gewichte).</translation>
    </message>
    <message>
        <source>Initial loss scale, in %1 (default %2 = %3).</source>
        <translation>Anfängliche Loss-Skala, in %1 (Vorgabe %2 = %3).</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps, in %1 (default %2).</source>
        <translation>Skalenfaktor nach growth-interval sauberen Schritten, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Scale multiplier on overflow, in %1 (default %2).</source>
        <translation>Skalenfaktor bei Überlauf, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows, in %1 (default %2).</source>
        <translation>Saubere Schritte, bevor die Skala wächst, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).</source>
        <translation>Tolerierte Überläufe vor einem Backoff (Megatron), in %1 (Vorgabe %2 = PyTorch).</translation>
    </message>
    <message>
        <source>Refill the hysteresis counter on every clean step (DeepSpeed).</source>
        <translation>Den Hysterese-Zähler bei jedem sauberen Schritt auffüllen (DeepSpeed).</translation>
    </message>
    <message>
        <source>Floor after backoff, in %1 (default %2 = none: the scale can reach 0).</source>
        <translation>Untergrenze nach einem Backoff, in %1 (Vorgabe %2 = keine: die Skala kann 0 erreichen).</translation>
    </message>
    <message>
        <source>Cap after growth, in %1 (default %2 = none).</source>
        <translation>Obergrenze nach dem Wachsen, in %1 (Vorgabe %2 = keine).</translation>
    </message>
    <message>
        <source>Never grow or back off (still skips non-finite steps).</source>
        <translation>Nie wachsen oder zurückgehen (nicht-endliche Schritte werden trotzdem übersprungen).</translation>
    </message>
    <message>
        <source>Construct the scaler with enabled=false (PyTorch&apos;s transparent mode).</source>
        <translation>Den Skalierer mit enabled=false anlegen (PyTorchs transparenter Modus).</translation>
    </message>
    <message>
        <source>Clip the total gradient norm to X, %1 &lt;= X &lt;= %2 (default %3 = off).</source>
        <translation>Die Gesamtnorm der Gradienten auf X begrenzen, %1 &lt;= X &lt;= %2 (Vorgabe %3 = aus).</translation>
    </message>
    <message>
        <source>Clip the still-scaled gradients (the classic bug, for demonstration).</source>
        <translation>Die noch skalierten Gradienten clippen (der klassische Fehler, zur Demonstration).</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step, in %1 (default %2).</source>
        <translation>Mikro-Batches pro Optimiererschritt, in %1 (Vorgabe %2).</translation>
    </message>
    <message>
        <source>Inject inf or nan into a layer&apos;s weight gradient (or &apos;loss&apos;) at a step; repeatable.</source>
        <translation>inf oder nan in den Gewichtsgradienten einer Schicht (oder &apos;loss&apos;) in einem Schritt einschleusen; wiederholbar.</translation>
    </message>
    <message>
        <source>Per-layer statistics every N steps, N &gt;= %1 (default %2; 0 = never).</source>
        <translation>Schichtstatistiken alle N Schritte, N &gt;= %1 (Vorgabe %2; 0 = nie).</translation>
    </message>
    <message>
        <source>fp32 reference backward for underflow every K steps (default %1 = off).</source>
        <translation>fp32-Referenz-Backward für den Unterlauf alle K Schritte (Vorgabe %1 = aus).</translation>
    </message>
    <message>
        <source>Do not instrument the gradients of module outputs.</source>
        <translation>Die Gradienten der Modulausgaben nicht instrumentieren.</translation>
    </message>
    <message>
        <source>Exponent range of the histograms, %1 &lt;= LO &lt; HI &lt;= %2 (default %3:%4).</source>
        <translation>Exponentenbereich der Histogramme, %1 &lt;= LO &lt; HI &lt;= %2 (Vorgabe %3:%4).</translation>
    </message>
    <message>
        <source>--hist-range &apos;%1&apos;: expected LO:HI, e.g. -40:20</source>
        <translation>--hist-range &apos;%1&apos;: erwartet wird LO:HI, z. B. -40:20</translation>
    </message>
    <message>
        <source>Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.</source>
        <translation>Format, dessen Subnormale/Überläufe gezählt werden: fp16 (Vorgabe), bf16, fp8-e4m3, fp8-e5m2, fp32.</translation>
    </message>
    <message>
        <source>--hist-format &apos;%1&apos;: allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</source>
        <translation>--hist-format &apos;%1&apos;: erlaubt sind fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a non-negative integer in [0, 2^64-1]</source>
        <translation>--%1 &apos;%2&apos;: erwartet wird eine nichtnegative ganze Zahl in [0, 2^64-1]</translation>
    </message>
    <message>
        <source>When writing the run store fails (disk full, file size limit, file deleted): stop (default) or continue training unrecorded. Either way the message goes to stderr and the exit status is 3.</source>
        <translation>Wenn das Schreiben des Laufspeichers fehlschlägt (Datenträger voll, Dateigrößengrenze, Datei gelöscht): stop (Vorgabe) oder continue, d. h. ohne Aufzeichnung weitertrainieren. In beiden Fällen geht die Meldung nach stderr und der Exit-Status ist 3.</translation>
    </message>
    <message>
        <source>--on-record-error &apos;%1&apos;: allowed stop, continue</source>
        <translation>--on-record-error &apos;%1&apos;: erlaubt sind stop, continue</translation>
    </message>
    <message>
        <source>Trains a model headless (no display, no Qt GUI libraries) and records every step into a run
store that the GUI opens later. The last line on stdout is one JSON object:
  %1
Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording
stopped (disk full...; the steps committed before are in the store).
Example: %2</source>
        <translation>Trainiert ein Modell ohne Fenster (kein Display, keine Qt-GUI-Bibliotheken) und zeichnet jeden Schritt
in einem Laufspeicher auf, den die GUI später öffnet. Die letzte Zeile auf stdout ist ein JSON-Objekt:
  %1
Exit-Status: 0 fertig, 1 Training oder Speicher konnten nicht starten, 2 falsche Optionen, 3 Aufzeichnung
angehalten (Datenträger voll ...; die zuvor festgeschriebenen Schritte sind im Speicher).
Beispiel: %2</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, or no GPU was found); allowed on this machine: auto, cpu</source>
        <translation>--device cuda: hier ist kein CUDA-Gerät verfügbar (dieses LibTorch hat keine CUDA-Unterstützung, oder es wurde keine GPU gefunden); auf dieser Maschine erlaubt: auto, cpu</translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded (--on-record-error continue)</source>
        <translation>Aufzeichnung angehalten: %1; das Training läuft ohne Aufzeichnung weiter (--on-record-error continue)</translation>
    </message>
    <message>
        <source>Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.</source>
        <translation>Seed für Daten, Gewichte und Sampling, in %1 (Vorgabe %2). Gleicher Seed, gleiche CPU-Aufzeichnungen.</translation>
    </message>
    <message>
        <source>LibTorch compute threads, in [1, 256] (default: chosen from the model&apos;s layers and the cores, BLAS threads too).</source>
        <translation>LibTorch-Rechenthreads, in [1, 256] (Vorgabe: gewählt nach den Schichten des Modells und den Kernen, ebenso die BLAS-Threads).</translation>
    </message>
    <message>
        <source>AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways
on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler
(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1
weight-gradient elements that fp16 flushed to zero (underflow).</source>
        <translation>AmpScope-Demo (ohne Fenster): das tiefe MLP (12 verborgene Schichten) auf 10 Gauß-Clustern, dreifach trainiert
auf %1: fp32, %2 ohne Loss-Skalierung und %2 über den GradScaler
(Anfangsskala 2^16). Alle 25 Schritte zählt ein fp32-Referenz-Backward die Elemente des
fc1-Gewichtsgradienten, die fp16 auf null gesetzt hat (Unterlauf).</translation>
    </message>
    <message>
        <source>Options of the main window (ampscope [options]):</source>
        <translation>Optionen des Hauptfensters (ampscope [options]):</translation>
    </message>
    <message>
        <source>save a preset&apos;s or a stored run&apos;s charts as PNG, PDF or SVG, without a display</source>
        <translation>die Diagramme einer Voreinstellung oder eines gespeicherten Laufs als PNG, PDF oder SVG speichern, ohne Bildschirm</translation>
    </message>
    <message>
        <source>(see ampscope runs --help)</source>
        <translation>(siehe ampscope runs --help)</translation>
    </message>
    <message>
        <source>running (live)</source>
        <translation>läuft (lebt)</translation>
    </message>
    <message>
        <source>running (its writer, process %1, has ended)</source>
        <translation>läuft (sein Schreiber, Prozess %1, ist beendet)</translation>
    </message>
    <message>
        <source>running (no write for %1 s)</source>
        <translation>läuft (seit %1 s nichts geschrieben)</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 enthält noch keine Läufe</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation>angelegt (UTC)</translation>
    </message>
    <message>
        <source>source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>final loss</source>
        <translation>End-Loss</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>group (rank)</source>
        <translation>Gruppe (Rank)</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1 (Rank %2 von %3)</translation>
    </message>
    <message>
        <source>Runs in %1:</source>
        <translation>Läufe in %1:</translation>
    </message>
    <message>
        <source>Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: ampscope export %1 --run %2 --csv DIR</source>
        <translation>Im Fenster öffnen: ampscope --replay %1:%2 (oder --follow, solange er geschrieben wird); als CSV: ampscope export %1 --run %2 --csv DIR</translation>
    </message>
    <message>
        <source>list the runs a run store holds (ids for --replay FILE:RUN)</source>
        <translation>die Läufe eines Laufspeichers auflisten (IDs für --replay FILE:RUN)</translation>
    </message>
    <message>
        <source>Run store to write (SQLite; created if missing, runs are appended; default runs.db in the current folder).</source>
        <translation>Zu schreibender Laufspeicher (SQLite; wird bei Bedarf angelegt, Läufe werden angehängt; Vorgabe runs.db im aktuellen Ordner).</translation>
    </message>
    <message>
        <source>ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1</source>
        <translation>ampscope record: Lauf %1 liegt in %2; ansehen: ampscope --replay %2:%1</translation>
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
        <translation>Aufruf: ampscope runs [FILE] [--json]

Listet die Läufe des Laufspeichers FILE auf (Vorgabe runs.db, wohin ampscope record und die
Python-Sonde standardmäßig schreiben), die ältesten zuerst: ID, Anlagezeitpunkt, wer ihn
geschrieben hat (ampscope oder die Sonde), Modell (nach dem Namen des Laufs, falls er einen
hat), Genauigkeit, Gerät, Schritte, übersprungene Schritte, End-Loss und Status. Bei einem
Lauf, der noch geschrieben wird, steht dabei, ob sein Schreiber noch lebt.

Optionen:
  --json     ein JSON-Objekt pro Lauf und Zeile statt der Tabelle
  -h, --help dieser Text

Exit-Status: 0 fertig (auch bei einem Speicher ohne Läufe), 1 FILE nicht lesbar, 2 falsche Argumente.
</translation>
    </message>
    <message>
        <source>A name for the run, shown beside its model wherever runs are listed (at most %1 characters).</source>
        <translation>Ein Name für den Lauf, überall neben seinem Modell gezeigt, wo Läufe aufgelistet werden (höchstens %1 Zeichen).</translation>
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
        <translation>Aufruf: ampscope export [FILE] [--run RUN] [--whatif] --csv DIR

Schreibt einen Lauf des Laufspeichers FILE (Vorgabe runs.db) als CSV-Dateien nach DIR (wird bei Bedarf angelegt):
  runs.csv         der Lauf: id, created, model, precision, device, status, steps, ...
  layers.csv       seine instrumentierten Tensoren (layer_id, name, module, kind, shape, numel)
  steps.csv        eine Zeile pro Optimiererschritt: Loss, Skala vorher/nachher, übersprungen, Grund, ...
  layer_stats.csv  eine Zeile pro Schicht und Statistikschritt, mit dem Exponentenhistogramm
  format_whatif.csv (mit --whatif) pro Statistikschritt, Schicht und Format (fp16, bf16,
                   fp8-e4m3, fp8-e5m2): die Elemente, die eine Umwandlung nullen oder überlaufen lassen würde

Optionen:
  --run RUN  der zu exportierende Lauf: seine ID oder sein Name (Vorgabe: der neueste Lauf in FILE)
  --whatif   auch format_whatif.csv schreiben (docs/measurements.md, &quot;Format what-if&quot;)
  --csv DIR  der Ausgabeordner
  -h, --help dieser Text

Zahlen werden so geschrieben, dass sie exakt zurückgelesen werden; NaN und Unendlich als nan, inf, -inf;
ein leeres Feld bedeutet &apos;keins&apos; (kein erster Verursacher, Unterlauf nicht gemessen).
Exit-Status: 0 fertig, 1 FILE nicht lesbar oder DIR nicht beschreibbar, 2 falsche Argumente.
</translation>
    </message>
    <message>
        <source>--run expects a run id (a positive integer) or a run&apos;s name, got &apos;%1&apos;</source>
        <translation>--run erwartet eine Lauf-ID (eine positive ganze Zahl) oder den Namen eines Laufs, erhalten: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1</source>
        <translation>ampscope record: Lauf %1 wird in %2 aufgezeichnet; live verfolgen: ampscope --follow %2:%1</translation>
    </message>
    <message>
        <source>unknown option --%1; did you mean --%2? (see &apos;ampscope %3 --help&apos;)</source>
        <translation>unbekannte Option --%1; meinten Sie --%2? (siehe &apos;ampscope %3 --help&apos;)</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;; did you mean --%2?</source>
        <translation>unbekannte Option &apos;%1&apos;; meinten Sie --%2?</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>unbekannter Befehl &apos;%1&apos;; meinten Sie &apos;%2&apos;?</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>no steps in the range %1–%2</source>
        <translation>keine Schritte im Bereich %1–%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>the image is too large</source>
        <translation>das Bild ist zu groß</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Exported by AmpScope</source>
        <translation>Exportiert von AmpScope</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>unbekanntes Format</translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf or .svg file name</source>
        <translation>%1: bitte einen Dateinamen auf .png, .pdf oder .svg verwenden</translation>
    </message>
    <message>
        <source>the size must be positive</source>
        <translation>die Größe muss positiv sein</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Run preset: %1.</source>
        <translation>Voreinstellung des Laufs: %1.</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Dark theme.</source>
        <translation>Dunkles Design.</translation>
    </message>
    <message>
        <source>Presentation mode: large fonts, thick lines.</source>
        <translation>Präsentationsmodus: große Schrift, dicke Linien.</translation>
    </message>
    <message>
        <source>Language: %1 (default: the View &gt; Language setting, else the system&apos;s).</source>
        <translation>Sprache: %1 (Vorgabe: die Einstellung unter Ansicht &gt; Sprache, sonst die des Systems).</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Optimizer steps to train first.</source>
        <translation>Zuerst zu trainierende Optimiererschritte.</translation>
    </message>
    <message>
        <source>Output file (.png, .pdf or .svg).</source>
        <translation>Ausgabedatei (.png, .pdf oder .svg).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Figure size in px/pt, WxH.</source>
        <translation>Bildgröße in px/pt, BxH.</translation>
    </message>
    <message>
        <source>PNG pixels per unit.</source>
        <translation>PNG-Pixel pro Einheit.</translation>
    </message>
    <message>
        <source>Capture the whole window with its panels (PNG only) instead of the figure.</source>
        <translation>Statt der Abbildung das ganze Fenster mit seinen Bereichen aufnehmen (nur PNG).</translation>
    </message>
    <message>
        <source>screenshot: --out FILE.png|.pdf|.svg is required</source>
        <translation>screenshot: --out FILE.png|.pdf|.svg ist Pflicht</translation>
    </message>
    <message>
        <source>screenshot: --out must end in .png, .pdf or .svg</source>
        <translation>screenshot: --out muss auf .png, .pdf oder .svg enden</translation>
    </message>
    <message>
        <source>screenshot: --window writes PNG only</source>
        <translation>screenshot: --window schreibt nur PNG</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n steps)</source>
        <translation>
            <numerusform>%1 geschrieben (%n Schritt)</numerusform>
            <numerusform>%1 geschrieben (%n Schritte)</numerusform>
        </translation>
    </message>
    <message>
        <source>AmpScope: see what mixed-precision training does to gradients.</source>
        <translation>AmpScope: sehen, was Mixed-Precision-Training mit Gradienten macht.</translation>
    </message>
    <message>
        <source>Build the run but do not start it.</source>
        <translation>Den Lauf aufbauen, aber nicht starten.</translation>
    </message>
    <message>
        <source>Run store (SQLite) that every live run is recorded into; created on demand (default: %1).</source>
        <translation>Laufspeicher (SQLite), in dem jeder Live-Lauf aufgezeichnet wird; wird bei Bedarf angelegt (Vorgabe: %1).</translation>
    </message>
    <message>
        <source>--store: the file name is empty</source>
        <translation>--store: der Dateiname ist leer</translation>
    </message>
    <message>
        <source>screenshot: --steps must be an integer in [1, 1000000]</source>
        <translation>screenshot: --steps muss eine ganze Zahl in [1, 1000000] sein</translation>
    </message>
    <message>
        <source>screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000</source>
        <translation>screenshot: --size muss BxH sein, B und H in [100, 20000], z. B. 1600x1000</translation>
    </message>
    <message>
        <source>screenshot: --scale must be a number in (0, 8]</source>
        <translation>screenshot: --scale muss eine Zahl in (0, 8] sein</translation>
    </message>
    <message>
        <source>screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and 2^28 pixels in all</source>
        <translation>screenshot: --size %1x%2 bei --scale %3 ergibt ein zu großes PNG: höchstens 32767 Pixel pro Seite und 2^28 Pixel insgesamt</translation>
    </message>
    <message>
        <source>Write the window as PNG after --grab-delay milliseconds, then quit (for documentation).</source>
        <translation>Das Fenster nach --grab-delay Millisekunden als PNG schreiben, dann beenden (für die Dokumentation).</translation>
    </message>
    <message>
        <source>Milliseconds before --grab (default 3000).</source>
        <translation>Millisekunden vor --grab (Vorgabe 3000).</translation>
    </message>
    <message>
        <source>--grab-delay must be in [0, 600000] ms</source>
        <translation>--grab-delay muss in [0, 600000] ms liegen</translation>
    </message>
    <message>
        <source>--replay: %1</source>
        <translation>--replay: %1</translation>
    </message>
    <message>
        <source>--overlay: %1</source>
        <translation>--overlay: %1</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (run %2 of %3, %n steps)</source>
        <translation>
            <numerusform>%1 geschrieben (Lauf %2 aus %3, %n Schritt)</numerusform>
            <numerusform>%1 geschrieben (Lauf %2 aus %3, %n Schritte)</numerusform>
        </translation>
    </message>
    <message>
        <source>Render the dashboard of a preset after N steps, or of a stored run, to a PNG, PDF or SVG file.</source>
        <translation>Die Übersicht einer Voreinstellung nach N Schritten oder eines gespeicherten Laufs als PNG-, PDF- oder SVG-Datei zeichnen.</translation>
    </message>
    <message>
        <source>With --replay: a second stored run over the loss and scale charts.</source>
        <translation>Mit --replay: ein zweiter gespeicherter Lauf über den Loss- und Skalendiagrammen.</translation>
    </message>
    <message>
        <source>With --replay: the step whose per-layer statistics the histograms show (default: the last).</source>
        <translation>Mit --replay: der Schritt, dessen Schichtstatistiken die Histogramme zeigen (Vorgabe: der letzte).</translation>
    </message>
    <message>
        <source>screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other</source>
        <translation>screenshot: --replay zeichnet einen gespeicherten Lauf, --preset und --steps trainieren einen: bitte nur das eine oder das andere angeben</translation>
    </message>
    <message>
        <source>screenshot: --overlay and --step need --replay</source>
        <translation>screenshot: --overlay und --step brauchen --replay</translation>
    </message>
    <message>
        <source>screenshot: --step must be a step number &gt;= 0</source>
        <translation>screenshot: --step muss eine Schrittnummer &gt;= 0 sein</translation>
    </message>
    <message>
        <source>Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>Einen gespeicherten Lauf nur lesend öffnen (FILE:RUN, RUN seine ID oder sein Name, oder FILE für seinen neuesten Lauf).</translation>
    </message>
    <message>
        <source>Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>Einen gespeicherten Lauf über die Loss- und Skalendiagramme legen (FILE:RUN, RUN seine ID oder sein Name, oder FILE für seinen neuesten Lauf).</translation>
    </message>
    <message>
        <source>Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): `record`&apos;s, the probe&apos;s, the window&apos;s.</source>
        <translation>Statt eine Voreinstellung zu trainieren, einen gespeicherten Lauf zeichnen (FILE:RUN, RUN seine ID oder sein Name, oder FILE für seinen neuesten Lauf): von `record`, von der Sonde oder aus dem Fenster.</translation>
    </message>
    <message>
        <source>Follow a run another process is still writing (FILE for its newest run and the runs after it, FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME for a run group&apos;s ranks side by side).</source>
        <translation>Einen Lauf verfolgen, den ein anderer Prozess noch schreibt (FILE für seinen neuesten Lauf und die danach folgenden Läufe, FILE:RUN, FILE:NAME für den neuesten Lauf dieses Namens und die danach folgenden, oder FILE:group=NAME für die Ranks einer Laufgruppe nebeneinander).</translation>
    </message>
    <message>
        <source>--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run&apos;s name), got &apos;%2&apos;</source>
        <translation>--%1: erwartet wird FILE, FILE:RUN oder FILE:NAME (RUN eine Lauf-ID ab 1, NAME der Name eines Laufs), erhalten: &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 Did you mean --%2?</source>
        <translation>%1 Meinten Sie --%2?</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>--lang needs a language code; this build speaks: %1</source>
        <translation>--lang braucht einen Sprachcode; dieser Build spricht: %1</translation>
    </message>
    <message>
        <source>--lang &apos;%1&apos;: not a language this build speaks; choose one of: %2</source>
        <translation>--lang &apos;%1&apos;: diese Sprache spricht dieser Build nicht; zur Wahl stehen: %2</translation>
    </message>
</context>
<context>
    <name>LiveRecorder</name>
    <message>
        <source>the run store %1 took too long to open (%2 steps waited for it)</source>
        <translation>der Laufspeicher %1 brauchte zu lange zum Öffnen (%2 Schritte warteten darauf)</translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>a layer</source>
        <translation>eine Schicht</translation>
    </message>
    <message>
        <source>non-finite gradients</source>
        <translation>nicht-endliche Gradienten</translation>
    </message>
    <message>
        <source>%1 NaN and %2 inf gradients</source>
        <translation>%1 NaN- und %2 inf-Gradienten</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN gradients</source>
        <translation>
            <numerusform>%n NaN-Gradienten</numerusform>
            <numerusform>%n NaN-Gradienten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inf gradients</source>
        <translation>
            <numerusform>%n inf-Gradienten</numerusform>
            <numerusform>%n inf-Gradienten</numerusform>
        </translation>
    </message>
    <message>
        <source>non-finite gradients appeared</source>
        <translation>nicht-endliche Gradienten traten auf</translation>
    </message>
    <message>
        <source>%1 produced %2</source>
        <translation>%1 erzeugte %2</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>Wachstum</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>Backoff</translation>
    </message>
    <message>
        <source>growth refused</source>
        <translation>Wachstum verweigert</translation>
    </message>
    <message>
        <source>hysteresis</source>
        <translation>Hysterese</translation>
    </message>
    <message>
        <source>clamped at min scale</source>
        <translation>an der Mindestskala begrenzt</translation>
    </message>
    <message>
        <source>clamped at max scale</source>
        <translation>an der Höchstskala begrenzt</translation>
    </message>
    <message>
        <source>set by user</source>
        <translation>vom Benutzer gesetzt</translation>
    </message>
    <message>
        <source>step %1: %2 and no scaler is checking: the optimizer applied them</source>
        <translation>Schritt %1: %2, und kein Skalierer prüft: der Optimierer hat sie angewendet</translation>
    </message>
    <message>
        <source>step %1: gradients are finite again</source>
        <translation>Schritt %1: die Gradienten sind wieder endlich</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4</source>
        <translation>Schritt %1: %2, Schritt übersprungen, Skala %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</source>
        <translation>
            <numerusform>Schritt %1: %2, Schritt übersprungen, Skala bleibt bei %3 (Hysterese: noch %n Überlauf bis zum Backoff)</numerusform>
            <numerusform>Schritt %1: %2, Schritt übersprungen, Skala bleibt bei %3 (Hysterese: noch %n Überläufe bis zum Backoff)</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4 (held at min scale)</source>
        <translation>Schritt %1: %2, Schritt übersprungen, Skala %3 → %4 (an der Mindestskala gehalten)</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, scale %2 → %3</source>
        <translation>
            <numerusform>Schritt %1: %n sauberer Schritt, Skala %2 → %3</numerusform>
            <numerusform>Schritt %1: %n saubere Schritte, Skala %2 → %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, growth capped at max scale: %2 → %3</source>
        <translation>
            <numerusform>Schritt %1: %n sauberer Schritt, Wachstum an der Höchstskala begrenzt: %2 → %3</numerusform>
            <numerusform>Schritt %1: %n saubere Schritte, Wachstum an der Höchstskala begrenzt: %2 → %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: growth refused: %2 × growth factor would overflow fp32, scale kept</source>
        <translation>Schritt %1: Wachstum verweigert: %2 × Wachstumsfaktor würde fp32 überlaufen lassen, Skala bleibt</translation>
    </message>
    <message>
        <source>step %1: scale set by the user: %2 → %3</source>
        <translation>Schritt %1: Skala vom Benutzer gesetzt: %2 → %3</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale kept at %3</source>
        <translation>Schritt %1: %2, Schritt übersprungen, Skala bleibt bei %3</translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation>Schritt %1: %2</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>bf16 needs no scaler</source>
        <translation>bf16 braucht keinen Skalierer</translation>
    </message>
    <message>
        <source>The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32&apos;s 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32.</source>
        <translation>Dasselbe Spiral-MLP in bf16 ganz ohne Loss-Skalierung. bf16 behält die 8 Exponentenbits von fp32 (kleinste normale Zahl 2^-126) und verzichtet stattdessen auf Mantissenbits: kleine Gradienten werden nicht zu null, große laufen nicht über. Kein Schritt wird übersprungen, und der Loss fällt wie in fp32.</translation>
    </message>
    <message>
        <source>Clipping before unscale_: training stalls</source>
        <translation>Clipping vor unscale_: das Training stockt</translation>
    </message>
    <message>
        <source>Deep MLP, fp16, no loss scaling</source>
        <translation>Tiefes MLP, fp16, ohne Loss-Skalierung</translation>
    </message>
    <message>
        <source>A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16&apos;s smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept.</source>
        <translation>Ein 13-schichtiges MLP mit kleinen Gewichten, in fp16 ohne Skalierer trainiert: Die Gradienten der frühen Schichten fallen unter die kleinste subnormale Zahl von fp16 (2^-24) und werden zu null. Die Spalte Unterlauf zählt, was ein fp32-Backward behalten hätte.</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, PyTorch&apos;s default scaler</source>
        <translation>Spiral-MLP, fp16, PyTorchs Standard-Skalierer</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, inf injected into fc3 at step 50</source>
        <translation>Spiral-MLP, fp16, inf in fc3 bei Schritt 50 eingeschleust</translation>
    </message>
    <message>
        <source>The default run with an inf written into fc3&apos;s weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale.</source>
        <translation>Der Standardlauf, bei dem in Schritt 50 ein inf in den Gewichtsgradienten von fc3 geschrieben wird: Der Skalierer findet es, überspringt den Schritt, nennt fc3 als ersten Verursacher und halbiert die Skala.</translation>
    </message>
    <message>
        <source>Init scale too high: an overflow storm, then recovery</source>
        <translation>Anfangsskala zu hoch: ein Überlaufsturm, dann Erholung</translation>
    </message>
    <message>
        <source>The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow.</source>
        <translation>Der Skalierer beginnt bei 2^40 statt 2^16. Jeder skalierte Gradient läuft in fp16 über (65504), daher werden die ersten Schritte alle übersprungen, während sich die Skala pro Schritt halbiert; sobald sie passt, beginnt das Training und die Skala pendelt sich ein. Die Gewichte sehen die schlechten Schritte nie: Das Überspringen macht einen zu hohen Start sicher, nur langsam.</translation>
    </message>
    <message>
        <source>Growth interval too short: the scale oscillates</source>
        <translation>Wachstumsintervall zu kurz: die Skala schwingt</translation>
    </message>
    <message>
        <source>The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16&apos;s range, with a skipped step at every tooth. PyTorch&apos;s default interval exists to make this rare.</source>
        <translation>Der Skalierer versucht schon nach 10 statt nach 2000 sauberen Schritten zu wachsen. Er steigt, bis die Gradienten überlaufen, geht zurück, steigt wieder: ein Sägezahn am Rand des fp16-Bereichs, mit einem übersprungenen Schritt an jedem Zahn. PyTorchs Standardintervall gibt es, damit das selten vorkommt.</translation>
    </message>
    <message>
        <source>Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first.</source>
        <translation>Gradienten-Clipping auf Norm 1, angewendet auf die SKALIERTEN Gradienten (der klassische Fehler: clip_grad_norm_ vor scaler.unscale_). Die skalierte Norm ist etwa die Skala mal die wahre, also verkleinert das Clipping jedes Update ungefähr um die Skala: mit SGD bewegt sich der Loss kaum. Sonst nichts ändern; vergleichen Sie mit demselben Lauf, in dem unscale_ zuerst kommt.</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation>unbekannte Voreinstellung &apos;%1&apos; (bekannt: %2)</translation>
    </message>
    <message>
        <source>A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler&apos;s defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits.</source>
        <translation>Ein 4-schichtiges MLP lernt 3 ineinandergreifende Spiralen in fp16 mit den Vorgaben von torch.amp.GradScaler (Anfangsskala 2^16, Wachstum x2 alle 2000 sauberen Schritte, Backoff x0.5). Sehen Sie zu, wie sich die Skala einpendelt und die Gradientenexponenten zwischen den fp16-Grenzen liegen.</translation>
    </message>
</context>
<context>
    <name>PresetParse</name>
    <message>
        <source>expected a JSON object</source>
        <translation>ein JSON-Objekt erwartet</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; muss eine Zeichenkette sein</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>kein Name</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an integer within +-1e9</source>
        <translation>&quot;%1&quot; muss eine ganze Zahl innerhalb von +-1e9 sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a JSON object</source>
        <translation>&quot;%1&quot; muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list one to three of: %2</source>
        <translation>&quot;%1&quot; muss eins bis drei hiervon aufführen: %2</translation>
    </message>
</context>
<context>
    <name>StoredRun</name>
    <message>
        <source>run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>run %1 (rank %2): %3</source>
        <translation>Lauf %1 (Rank %2): %3</translation>
    </message>
    <message>
        <source>%1 (run %2): %3</source>
        <translation>%1 (Lauf %2): %3</translation>
    </message>
</context>
<context>
    <name>UserPresets</name>
    <message>
        <source>%1: larger than 1 MiB, not a preset</source>
        <translation>%1: größer als 1 MiB, keine Voreinstellung</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1: nicht lesbar (%2)</translation>
    </message>
    <message>
        <source>A preset needs a title.</source>
        <translation>Eine Voreinstellung braucht einen Titel.</translation>
    </message>
    <message>
        <source>This configuration cannot be saved: %1</source>
        <translation>Diese Konfiguration kann nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>Der Ordner %1 kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Cannot delete %1: %2</source>
        <translation>%1 kann nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>No user preset named &apos;%1&apos;</source>
        <translation>Keine eigene Voreinstellung namens &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1.json: the name of a built-in preset, skipped</source>
        <translation>%1.json: Name einer eingebauten Voreinstellung, übersprungen</translation>
    </message>
</context>
<context>
    <name>ampscope::Dataset</name>
    <message>
        <source>Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and train-labels-idx1-ubyte(.gz). Install the Debian package dataset-fashion-mnist or pass --data-dir.</source>
        <translation>Fashion-MNIST nicht gefunden: %1 enthält weder train-images-idx3-ubyte(.gz) noch train-labels-idx1-ubyte(.gz). Installieren Sie das Debian-Paket dataset-fashion-mnist oder geben Sie --data-dir an.</translation>
    </message>
    <message>
        <source>%1: images are %2x%3, Fashion-MNIST&apos;s are 28x28</source>
        <translation>%1: die Bilder sind %2x%3, die von Fashion-MNIST 28x28</translation>
    </message>
    <message>
        <source>%1: %2 labels for %3 images in %4</source>
        <translation>%1: %2 Labels für %3 Bilder in %4</translation>
    </message>
    <message>
        <source>%1: label %2 is out of range (Fashion-MNIST has classes 0..9)</source>
        <translation>%1: Label %2 liegt außerhalb des Bereichs (Fashion-MNIST hat die Klassen 0..9)</translation>
    </message>
    <message>
        <source>unknown dataset &apos;%1&apos; (known: spirals, clusters, fashion-mnist)</source>
        <translation>unbekannter Datensatz &apos;%1&apos; (bekannt: spirals, clusters, fashion-mnist)</translation>
    </message>
    <message>
        <source>batch size must be at least 1, got %1</source>
        <translation>die Batchgröße muss mindestens 1 sein, erhalten: %1</translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos; is empty</source>
        <translation>Datensatz &apos;%1&apos; ist leer</translation>
    </message>
    <message>
        <source>read error (%1): the file is corrupt or not a gzip/IDX file</source>
        <translation>Lesefehler (%1): die Datei ist beschädigt oder keine gzip-/IDX-Datei</translation>
    </message>
    <message>
        <source>corrupt compressed data (%1)</source>
        <translation>beschädigte komprimierte Daten (%1)</translation>
    </message>
    <message>
        <source>unsupported IDX dimension count</source>
        <translation>nicht unterstützte Anzahl von IDX-Dimensionen</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)</source>
        <translation>abgeschnitten: %1 Bytes, kürzer als die 4 Byte lange IDX-Kennung (leere Datei?)</translation>
    </message>
    <message>
        <source>bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); the file is corrupt or not the right dataset file</source>
        <translation>falsche Kennung %1 (erwartet %2: IDX, vorzeichenlose Bytes, %3 Dimension(en)); die Datei ist beschädigt oder nicht die richtige Datensatzdatei</translation>
    </message>
    <message>
        <source>truncated inside the IDX header</source>
        <translation>innerhalb des IDX-Headers abgeschnitten</translation>
    </message>
    <message>
        <source>dimension %1 is %2 (allowed 1..%3)</source>
        <translation>Dimension %1 ist %2 (erlaubt 1..%3)</translation>
    </message>
    <message>
        <source>header claims more than %1 bytes of data</source>
        <translation>der Header gibt mehr als %1 Bytes Daten an</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the file holds %2</source>
        <translation>abgeschnitten: der Header verspricht %1 Datenbytes, die Datei enthält %2</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many</source>
        <translation>abgeschnitten: der Header verspricht %1 Datenbytes, so viele kann die komprimierte Datei mit %2 Bytes nicht enthalten</translation>
    </message>
    <message>
        <source>longer than its header says (trailing data after %1 data bytes): the header&apos;s counts do not match the file</source>
        <translation>länger als der Header angibt (weitere Daten nach %1 Datenbytes): die Angaben im Header passen nicht zur Datei</translation>
    </message>
</context>
<context>
    <name>ampscope::GradScalerOptions</name>
    <message>
        <source>GradScaler option %1 = %2 is invalid: %3</source>
        <translation>GradScaler-Option %1 = %2 ist ungültig: %3</translation>
    </message>
    <message>
        <source>The growth factor must be &gt; 1.0.</source>
        <translation>Der Wachstumsfaktor muss &gt; 1.0 sein.</translation>
    </message>
    <message>
        <source>The backoff factor must be &lt; 1.0.</source>
        <translation>Der Backoff-Faktor muss &lt; 1.0 sein.</translation>
    </message>
    <message>
        <source>it must be finite</source>
        <translation>er muss endlich sein</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (0 would zero the scale at the first overflow)</source>
        <translation>er muss &gt; 0 sein (0 würde die Skala beim ersten Überlauf auf null setzen)</translation>
    </message>
    <message>
        <source>it must be finite and &gt; 0</source>
        <translation>er muss endlich und &gt; 0 sein</translation>
    </message>
    <message>
        <source>it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)</source>
        <translation>er muss in fp32 darstellbar sein (zwischen ~1.4e-45 und ~3.4e38)</translation>
    </message>
    <message>
        <source>it must be &gt;= 1</source>
        <translation>er muss &gt;= 1 sein</translation>
    </message>
    <message>
        <source>it must fit the int32 growth tracker</source>
        <translation>er muss in den int32-Wachstumszähler passen</translation>
    </message>
    <message>
        <source>it must be &gt;= 1 (1 = back off at every overflow)</source>
        <translation>er muss &gt;= 1 sein (1 = Backoff bei jedem Überlauf)</translation>
    </message>
    <message>
        <source>it must be finite and &gt;= 0 (0 = no floor)</source>
        <translation>er muss endlich und &gt;= 0 sein (0 = keine Untergrenze)</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (inf = no cap)</source>
        <translation>er muss &gt; 0 sein (inf = keine Obergrenze)</translation>
    </message>
    <message>
        <source>GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale</source>
        <translation>GradScaler-Optionen min_scale = %1 und max_scale = %2 sind ungültig: min_scale darf max_scale nicht übersteigen</translation>
    </message>
    <message>
        <source>GradScaler option init_scale = %1 is invalid: it must lie within [min_scale, max_scale] = [%2, %3]</source>
        <translation>GradScaler-Option init_scale = %1 ist ungültig: sie muss in [min_scale, max_scale] = [%2, %3] liegen</translation>
    </message>
</context>
<context>
    <name>ampscope::ModelZoo</name>
    <message>
        <source>unknown model &apos;%1&apos; (known: %2)</source>
        <translation>unbekanntes Modell &apos;%1&apos; (bekannt: %2)</translation>
    </message>
</context>
<context>
    <name>ampscope::Precision</name>
    <message>
        <source>%1 (emulated)</source>
        <translation>%1 (emuliert)</translation>
    </message>
</context>
<context>
    <name>ampscope::RunStore</name>
    <message>
        <source>(no space left on the disk)</source>
        <translation>(kein Platz mehr auf dem Datenträger)</translation>
    </message>
    <message>
        <source>(the file size limit of %1 bytes was reached, see ulimit -f)</source>
        <translation>(die Dateigrößenbeschränkung von %1 Bytes wurde erreicht, siehe ulimit -f)</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>Lesen</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>Schreiben</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>setting up</source>
        <translation>Einrichten</translation>
    </message>
    <message>
        <source>creating a run in</source>
        <translation>Anlegen eines Laufs</translation>
    </message>
    <message>
        <source>disk full while %1 %2: %3</source>
        <translation>Datenträger voll beim %1 (%2): %3</translation>
    </message>
    <message>
        <source>writing to the disk failed</source>
        <translation>das Schreiben auf den Datenträger ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>I/O error while %1 %2: %3</source>
        <translation>E/A-Fehler beim %1 (%2): %3</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (not an SQLite database)</source>
        <translation>%1 ist kein AmpScope-Laufspeicher (keine SQLite-Datenbank)</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3</source>
        <translation>%1 ist beschädigt (%2; beim %3)</translation>
    </message>
    <message>
        <source>%1 is locked by another process (%2) while %3</source>
        <translation>%1 ist von einem anderen Prozess gesperrt (%2; beim %3)</translation>
    </message>
    <message>
        <source>%1 was moved or deleted while %2</source>
        <translation>%1 wurde beim %2 verschoben oder gelöscht</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3</source>
        <translation>%1 kann nicht geschrieben werden (%2; beim %3)</translation>
    </message>
    <message>
        <source>%1 %2 failed: %3</source>
        <translation>%1 (%2) fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>cannot open run store %1: no such file</source>
        <translation>Laufspeicher %1 kann nicht geöffnet werden: Datei existiert nicht</translation>
    </message>
    <message>
        <source>cannot open run store %1: it is a directory</source>
        <translation>Laufspeicher %1 kann nicht geöffnet werden: das ist ein Verzeichnis</translation>
    </message>
    <message>
        <source>cannot open run store %1: %2</source>
        <translation>Laufspeicher %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>cannot create run store %1: %2</source>
        <translation>Laufspeicher %1 kann nicht angelegt werden: %2</translation>
    </message>
    <message>
        <source>%1 is an empty database, not an AmpScope run store</source>
        <translation>%1 ist eine leere Datenbank, kein AmpScope-Laufspeicher</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (an SQLite database with tables: %2)</source>
        <translation>%1 ist kein AmpScope-Laufspeicher (eine SQLite-Datenbank mit den Tabellen: %2)</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (its meta table names the application &apos;%2&apos;)</source>
        <translation>%1 ist kein AmpScope-Laufspeicher (seine meta-Tabelle nennt die Anwendung &apos;%2&apos;)</translation>
    </message>
    <message>
        <source>%1 is damaged: schema_version &apos;%2&apos; is not a number</source>
        <translation>%1 ist beschädigt: schema_version &apos;%2&apos; ist keine Zahl</translation>
    </message>
    <message>
        <source>%1 was written by a newer AmpScope (schema %2, this build reads %3)</source>
        <translation>%1 wurde von einem neueren AmpScope geschrieben (Schema %2, dieser Build liest %3)</translation>
    </message>
    <message>
        <source>%1 has an unknown schema version %2</source>
        <translation>%1 hat eine unbekannte Schemaversion %2</translation>
    </message>
    <message>
        <source>%1 is damaged: table &apos;%2&apos; is missing</source>
        <translation>%1 ist beschädigt: Tabelle &apos;%2&apos; fehlt</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot create a run</source>
        <translation>%1 ist nur lesend geöffnet: es kann kein Lauf angelegt werden</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot append steps</source>
        <translation>%1 ist nur lesend geöffnet: es können keine Schritte angehängt werden</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot set a status</source>
        <translation>%1 ist nur lesend geöffnet: es kann kein Status gesetzt werden</translation>
    </message>
    <message>
        <source>run %1 in %2 has an unreadable configuration: %3</source>
        <translation>Lauf %1 in %2 hat eine unlesbare Konfiguration: %3</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 has a gap in its layer ids</source>
        <translation>%1 ist beschädigt: Lauf %2 hat eine Lücke in seinen Schicht-IDs</translation>
    </message>
    <message>
        <source>%1 is damaged: layer %2 has an unreadable shape</source>
        <translation>%1 ist beschädigt: Schicht %2 hat eine unlesbare Form</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 step %3: %4</source>
        <translation>%1 ist beschädigt: Lauf %2, Schritt %3: %4</translation>
    </message>
    <message>
        <source>unknown scale change reason &apos;%1&apos;</source>
        <translation>unbekannter Grund für eine Skalenänderung &apos;%1&apos;</translation>
    </message>
    <message>
        <source>layer statistics without a step row</source>
        <translation>Schichtstatistik ohne Schrittzeile</translation>
    </message>
    <message>
        <source>statistics for layer %1, the run has %2 layers</source>
        <translation>Statistik für Schicht %1, der Lauf hat %2 Schichten</translation>
    </message>
    <message>
        <source>unreadable histogram</source>
        <translation>unlesbares Histogramm</translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</source>
        <translation>
            <numerusform>Aufzeichnung in %1 angehalten: %2 (%n Schritt wurde gespeichert, bis Schritt %3)</numerusform>
            <numerusform>Aufzeichnung in %1 angehalten: %2 (%n Schritte wurden gespeichert, bis Schritt %3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved)</source>
        <translation>
            <numerusform>Aufzeichnung in %1 angehalten: %2 (%n Schritt wurde gespeichert)</numerusform>
            <numerusform>Aufzeichnung in %1 angehalten: %2 (%n Schritte wurden gespeichert)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while recording</source>
        <translation>%1 wurde während der Aufzeichnung gelöscht oder ersetzt</translation>
    </message>
    <message>
        <source>unexpected error: %1</source>
        <translation>unerwarteter Fehler: %1</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>unerwarteter Fehler</translation>
    </message>
    <message>
        <source>recording to %1 could not be closed: %2</source>
        <translation>die Aufzeichnung in %1 konnte nicht abgeschlossen werden: %2</translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation>das Laden wurde abgebrochen</translation>
    </message>
    <message>
        <source>upgrading</source>
        <translation>Aktualisieren des Dateiformats</translation>
    </message>
    <message>
        <source>the disk cannot keep up (%1 steps waited to be written)</source>
        <translation>die Festplatte kommt nicht nach (%1 Schritte warteten darauf, geschrieben zu werden)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2: its runs have no names (ampscope runs lists their ids)</source>
        <translation>kein Lauf namens &apos;%1&apos; in %2: seine Läufe haben keine Namen (ampscope runs listet ihre IDs)</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 (its runs&apos; names: %3)</source>
        <translation>kein Lauf namens &apos;%1&apos; in %2 (Namen seiner Läufe: %3)</translation>
    </message>
    <message>
        <source>%1 runs are named &apos;%2&apos; in %3 (runs %4): give one&apos;s id</source>
        <translation>%1 Läufe heißen &apos;%2&apos; in %3 (Läufe %4): geben Sie die ID eines davon an</translation>
    </message>
</context>
<context>
    <name>ampscope::SessionConfig</name>
    <message>
        <source>(not UTF-8)</source>
        <translation>(kein UTF-8)</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>muss eines von %1 sein</translation>
    </message>
    <message>
        <source>model %1 trains on %2 only</source>
        <translation>Modell %1 trainiert nur auf %2</translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation>muss in %1 liegen</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = off)</source>
        <translation>muss &gt;= 0 sein (0 = aus)</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = never)</source>
        <translation>muss &gt;= 0 sein (0 = nie)</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = until stopped)</source>
        <translation>muss &gt;= 0 sein (0 = bis zum Anhalten)</translation>
    </message>
    <message>
        <source>must be &gt;= 0 steps/s (0 = none)</source>
        <translation>muss &gt;= 0 Schritte/s sein (0 = kein Limit)</translation>
    </message>
    <message>
        <source>must satisfy %1 &lt;= lo &lt; hi &lt;= %2</source>
        <translation>muss %1 &lt;= lo &lt; hi &lt;= %2 erfüllen</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run); rename the directory or point a symbolic link with a UTF-8 name at it</source>
        <translation>muss gültiger UTF-8-Text sein (er wird mit dem Lauf gespeichert); benennen Sie das Verzeichnis um oder legen Sie einen symbolischen Link mit UTF-8-Namen darauf an</translation>
    </message>
    <message>
        <source>the layer name must be valid UTF-8 text</source>
        <translation>der Schichtname muss gültiger UTF-8-Text sein</translation>
    </message>
    <message>
        <source>needs a layer name or &apos;loss&apos;</source>
        <translation>braucht einen Schichtnamen oder &apos;loss&apos;</translation>
    </message>
    <message>
        <source>the step must be &gt;= 0</source>
        <translation>der Schritt muss &gt;= 0 sein</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; must be an integer</source>
        <translation>Sitzungskonfiguration: &quot;%1&quot; muss eine ganze Zahl sein</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [%3, %4]</source>
        <translation>Sitzungskonfiguration: &quot;%1&quot; = %2 muss eine ganze Zahl in [%3, %4] sein</translation>
    </message>
    <message>
        <source>session config: not a JSON object</source>
        <translation>Sitzungskonfiguration: kein JSON-Objekt</translation>
    </message>
    <message>
        <source>session config: unknown %1 &apos;%2&apos;</source>
        <translation>Sitzungskonfiguration: unbekannter Wert für %1: &apos;%2&apos;</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [0, 2^64)</source>
        <translation>Sitzungskonfiguration: &quot;%1&quot; = %2 muss eine ganze Zahl in [0, 2^64) sein</translation>
    </message>
    <message>
        <source>histogram target format</source>
        <translation>Zielformat des Histogramms</translation>
    </message>
    <message>
        <source>fault kind</source>
        <translation>Fehlerart</translation>
    </message>
    <message>
        <source>session config: %1</source>
        <translation>Sitzungskonfiguration: %1</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run)</source>
        <translation>muss gültiger UTF-8-Text sein (er wird mit dem Lauf gespeichert)</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>darf höchstens %1 Zeichen lang sein</translation>
    </message>
    <message>
        <source>must be one line of text, without tabs or control characters</source>
        <translation>muss eine Textzeile ohne Tabulatoren oder Steuerzeichen sein</translation>
    </message>
</context>
<context>
    <name>ampscope::TrainingSession</name>
    <message>
        <source>%1: out of memory. The session has ended; a smaller --batch-size or --accumulate, a smaller model or the CPU (--device cpu) needs less, and a new session starts clean.</source>
        <translation>%1: Speicher erschöpft. Die Sitzung ist beendet; ein kleineres --batch-size oder --accumulate, ein kleineres Modell oder die CPU (--device cpu) braucht weniger, und eine neue Sitzung beginnt sauber.</translation>
    </message>
    <message>
        <source>unknown error (not a std::exception)</source>
        <translation>unbekannter Fehler (keine std::exception)</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available (this LibTorch has no CUDA support, or no GPU was found); use --device cpu or auto</source>
        <translation>--device cuda: kein CUDA-Gerät verfügbar (diese LibTorch hat keine CUDA-Unterstützung, oder es wurde keine GPU gefunden); verwenden Sie --device cpu oder auto</translation>
    </message>
    <message>
        <source>model %1 has no layer named &apos;%2&apos; (allowed: %3)</source>
        <translation>Modell %1 hat keine Schicht namens &apos;%2&apos; (erlaubt: %3)</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>fortgesetzt</translation>
    </message>
    <message>
        <source>scaler settings not applied: %1</source>
        <translation>Scaler-Einstellungen nicht übernommen: %1</translation>
    </message>
    <message>
        <source>speed limit %1 not applied: it must be &gt;= 0</source>
        <translation>Tempolimit %1 nicht übernommen: es muss &gt;= 0 sein</translation>
    </message>
    <message>
        <source>scale %1 not applied: it must be finite, &gt; 0 and fit fp32</source>
        <translation>Skala %1 nicht übernommen: sie muss endlich und &gt; 0 sein und in fp32 passen</translation>
    </message>
    <message>
        <source>scale not applied: %1</source>
        <translation>Skala nicht übernommen: %1</translation>
    </message>
    <message>
        <source>fault injection: no layer named &apos;%1&apos;</source>
        <translation>Fehlerinjektion: keine Schicht namens &apos;%1&apos;</translation>
    </message>
    <message>
        <source>the loss scale has reached 0: every gradient is now 0 or NaN, so no step can succeed and the scale cannot recover (0 is absorbing). Set a min scale (e.g. 1) or reset the run.</source>
        <translation>die Loss-Skala hat 0 erreicht: jeder Gradient ist jetzt 0 oder NaN, daher kann kein Schritt gelingen und die Skala sich nicht erholen (0 ist absorbierend). Setzen Sie eine Mindestskala (z. B. 1) oder setzen Sie den Lauf zurück.</translation>
    </message>
    <message>
        <source>the loss scale is held at its floor, min scale = %1: steps are skipped for as long as the gradients overflow even at this scale.</source>
        <translation>die Loss-Skala wird an ihrer Untergrenze gehalten, Mindestskala = %1: Schritte werden übersprungen, solange die Gradienten selbst bei dieser Skala überlaufen.</translation>
    </message>
    <message>
        <source>started on %1, %2</source>
        <translation>gestartet auf %1, %2</translation>
    </message>
    <message numerus="yes">
        <source>finished after %n steps</source>
        <translation>
            <numerusform>nach %n Schritt beendet</numerusform>
            <numerusform>nach %n Schritten beendet</numerusform>
        </translation>
    </message>
    <message>
        <source>training stopped at step %1: %2</source>
        <translation>Training bei Schritt %1 abgebrochen: %2</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n steps</source>
        <translation>
            <numerusform>nach %n Schritt gestoppt</numerusform>
            <numerusform>nach %n Schritten gestoppt</numerusform>
        </translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded</source>
        <translation>Aufzeichnung angehalten: %1; das Training läuft ohne Aufzeichnung weiter</translation>
    </message>
    <message>
        <source>the run store was closed</source>
        <translation>der Laufspeicher wurde geschlossen</translation>
    </message>
    <message>
        <source>learning rate %1 not applied: it must be in %2</source>
        <translation>Lernrate %1 nicht übernommen: sie muss in %2 liegen</translation>
    </message>
    <message>
        <source>clip norm %1 not applied: it must be in %2 (0 = off)</source>
        <translation>Clip-Norm %1 nicht übernommen: sie muss in %2 liegen (0 = aus)</translation>
    </message>
    <message>
        <source>accumulation %1 not applied: it must be a whole number in %2</source>
        <translation>Akkumulation %1 nicht übernommen: sie muss eine ganze Zahl in %2 sein</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::AboutDialog</name>
    <message>
        <source>About AmpScope</source>
        <translation>Über AmpScope</translation>
    </message>
    <message>
        <source>See what mixed-precision training does to gradients.</source>
        <translation>Sehen, was Mixed-Precision-Training mit Gradienten macht.</translation>
    </message>
    <message>
        <source>Built with LibTorch %1 and Qt %2; running on Qt %3.</source>
        <translation>Gebaut mit LibTorch %1 und Qt %2; läuft unter Qt %3.</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>(keine Aufzeichnung)</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Runs are recorded in:</source>
        <translation>Läufe werden aufgezeichnet in:</translation>
    </message>
    <message>
        <source>Your presets are saved in:</source>
        <translation>Ihre Voreinstellungen werden gespeichert in:</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ControlPanel</name>
    <message>
        <source>Preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>(presets unavailable: %1)</source>
        <translation>(Voreinstellungen nicht verfügbar: %1)</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>Voreinstellung laden</translation>
    </message>
    <message>
        <source>Replace the run with this preset (resets the training)</source>
        <translation>Den Lauf durch diese Voreinstellung ersetzen (setzt das Training zurück)</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern…</translation>
    </message>
    <message>
        <source>Save the current settings as your own preset</source>
        <translation>Die aktuellen Einstellungen als eigene Voreinstellung speichern</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete this preset (only presets you saved can be deleted)</source>
        <translation>Diese Voreinstellung löschen (nur selbst gespeicherte lassen sich löschen)</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ansicht</translation>
    </message>
    <message>
        <source>Unscaled histogram (−log₂ S)</source>
        <translation>Unskaliertes Histogramm (−log₂ S)</translation>
    </message>
    <message>
        <source>Show the true gradients g/S instead of what fp16 held (g scaled by S)</source>
        <translation>Die wahren Gradienten g/S zeigen statt dessen, was fp16 hielt (g mit S skaliert)</translation>
    </message>
    <message>
        <source>Run (applies on Reset)</source>
        <translation>Lauf (gilt ab Zurücksetzen)</translation>
    </message>
    <message>
        <source>spiral-mlp (4 layers, spirals)</source>
        <translation>spiral-mlp (4 Schichten, Spiralen)</translation>
    </message>
    <message>
        <source>deep-mlp (13 layers, clusters)</source>
        <translation>deep-mlp (13 Schichten, Cluster)</translation>
    </message>
    <message>
        <source>fashion-cnn (Fashion-MNIST)</source>
        <translation>fashion-cnn (Fashion-MNIST)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>auto (CUDA when available)</source>
        <translation>auto (CUDA, wenn vorhanden)</translation>
    </message>
    <message>
        <source>cpu</source>
        <translation>cpu</translation>
    </message>
    <message>
        <source>cuda</source>
        <translation>cuda</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Changed: these settings need a new model and data. The run goes on with the old ones until you reset.</source>
        <translation>Geändert: Diese Einstellungen brauchen ein neues Modell und neue Daten. Der Lauf geht mit den alten weiter, bis Sie zurücksetzen.</translation>
    </message>
    <message>
        <source>Reset to apply (Ctrl+R)</source>
        <translation>Zurücksetzen zum Übernehmen (Strg+R)</translation>
    </message>
    <message>
        <source>Build a new session with these settings; the current run ends</source>
        <translation>Eine neue Sitzung mit diesen Einstellungen aufbauen; der aktuelle Lauf endet</translation>
    </message>
    <message>
        <source>Training (live)</source>
        <translation>Training (live)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>clip_grad_norm_ to this total norm (0 = off). Applies at the next step.</source>
        <translation>clip_grad_norm_ auf diese Gesamtnorm (0 = aus). Gilt ab dem nächsten Schritt.</translation>
    </message>
    <message>
        <source>unscale first</source>
        <translation>zuerst unskalieren</translation>
    </message>
    <message>
        <source>Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, the classic bug that shrinks every update by the scale.</source>
        <translation>scaler.unscale_ vor dem Clipping aufrufen (richtig). Ohne Haken: die skalierten Gradienten clippen, der klassische Fehler, der jedes Update um die Skala verkleinert.</translation>
    </message>
    <message>
        <source>Clip norm</source>
        <translation>Clip-Norm</translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before one optimizer step. Applies at the next step.</source>
        <translation>Mikro-Batches, deren Gradienten sich vor einem Optimiererschritt aufsummieren. Gilt ab dem nächsten Schritt.</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>Akkumulation</translation>
    </message>
    <message>
        <source>Steps per second (far left: as fast as the machine goes)</source>
        <translation>Schritte pro Sekunde (ganz links: so schnell die Maschine kann)</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>Tempolimit</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /s</translation>
    </message>
    <message>
        <source>Fault injection</source>
        <translation>Fehlerinjektion</translation>
    </message>
    <message>
        <source>The layer whose weight gradient gets ~1% inf/NaN elements (&apos;loss&apos;: the loss itself)</source>
        <translation>Die Schicht, deren Gewichtsgradient ~1 % inf/NaN-Elemente bekommt (&apos;loss&apos;: der Loss selbst)</translation>
    </message>
    <message>
        <source>Inject now</source>
        <translation>Jetzt einschleusen</translation>
    </message>
    <message>
        <source>Poison the next step&apos;s gradient (Ctrl+I)</source>
        <translation>Den Gradienten des nächsten Schritts vergiften (Strg+I)</translation>
    </message>
    <message>
        <source>Loss scaler (live)</source>
        <translation>Loss-Skalierer (live)</translation>
    </message>
    <message>
        <source>Loss scaler (off in this run)</source>
        <translation>Loss-Skalierer (in diesem Lauf aus)</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1 (eigene)</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>Übersprungen: %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::Dashboard</name>
    <message>
        <source>All charts</source>
        <translation>Alle Diagramme</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>Loss-Skala</translation>
    </message>
    <message>
        <source>Under/overflow</source>
        <translation>Unter-/Überlauf</translation>
    </message>
    <message>
        <source>Exponents</source>
        <translation>Exponenten</translation>
    </message>
    <message>
        <source>Layer over time</source>
        <translation>Schicht im Zeitverlauf</translation>
    </message>
    <message>
        <source>Next chart page</source>
        <translation>Nächste Diagrammseite</translation>
    </message>
    <message>
        <source>Previous chart page</source>
        <translation>Vorige Diagrammseite</translation>
    </message>
    <message>
        <source>Chart page %1</source>
        <translation>Diagrammseite %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::EventLog</name>
    <message>
        <source>What the scaler decided and why. Click a line to show that step in the charts.</source>
        <translation>Was der Skalierer entschieden hat und warum. Eine Zeile anklicken, um diesen Schritt in den Diagrammen zu zeigen.</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ExportDialog</name>
    <message>
        <source>Export %1</source>
        <translation>%1 exportieren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .pdf or .svg (vector).</source>
        <translation>Die Endung bestimmt das Format: .png, .pdf oder .svg (Vektor).</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>PNG only: pixels per unit (2 gives a sharp figure at the same layout)</source>
        <translation>Nur PNG: Pixel pro Einheit (2 ergibt eine scharfe Abbildung bei gleichem Layout)</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG-Skalierung</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation>PNG-Bild (*.png);;PDF (*.pdf);;SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::FollowController</name>
    <message>
        <source>--follow: the group name after &apos;group=&apos; is empty</source>
        <translation>--follow: der Gruppenname nach &apos;group=&apos; ist leer</translation>
    </message>
    <message>
        <source>%1 has no run %2</source>
        <translation>%1 enthält keinen Lauf %2</translation>
    </message>
    <message>
        <source>%1 does not exist (any more): waiting for it</source>
        <translation>%1 existiert (nicht mehr): warte darauf</translation>
    </message>
    <message>
        <source>no runs in %1 yet: waiting</source>
        <translation>noch keine Läufe in %1: warte</translation>
    </message>
    <message>
        <source>no runs of group &apos;%1&apos; in %2 yet: waiting</source>
        <translation>noch keine Läufe der Gruppe &apos;%1&apos; in %2: warte</translation>
    </message>
    <message>
        <source>AmpScope — following run %1 of %2</source>
        <translation>AmpScope — verfolge Lauf %1 aus %2</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>Rank %1</translation>
    </message>
    <message>
        <source>following %1 — %2</source>
        <translation>verfolge %1 — %2</translation>
    </message>
    <message>
        <source>following %1 — opening</source>
        <translation>verfolge %1 — öffne</translation>
    </message>
    <message numerus="yes">
        <source>%n steps</source>
        <translation>
            <numerusform>%n Schritt</numerusform>
            <numerusform>%n Schritte</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ranks, %2</source>
        <translation>%1 Ranks, %2</translation>
    </message>
    <message>
        <source>live, %1</source>
        <translation>live, %1</translation>
    </message>
    <message>
        <source>finished, %1</source>
        <translation>beendet, %1</translation>
    </message>
    <message>
        <source>stopped, %1</source>
        <translation>angehalten, %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>writer stopped, %1</source>
        <translation>schreibender Prozess gestoppt, %1</translation>
    </message>
    <message>
        <source>writer stopped (no sign of life for %1 s), %2</source>
        <translation>schreibender Prozess gestoppt (seit %1 s kein Lebenszeichen), %2</translation>
    </message>
    <message numerus="yes">
        <source> · ranks disagree at %n step(s)</source>
        <translation>
            <numerusform> · Ranks uneinig bei %n Schritt</numerusform>
            <numerusform> · Ranks uneinig bei %n Schritten</numerusform>
        </translation>
    </message>
    <message>
        <source> · a newer run %1 is in the file</source>
        <translation> · die Datei enthält einen neueren Lauf %1</translation>
    </message>
    <message>
        <source>Following run %1 of %2 (%3 · %4), written by another process: %5. Back to the live run stops following.</source>
        <translation>Verfolge Lauf %1 aus %2 (%3 · %4), den ein anderer Prozess schreibt: %5. &apos;Zurück zum Live-Lauf&apos; beendet das Verfolgen.</translation>
    </message>
    <message>
        <source>Follow a run store</source>
        <translation>Laufspeicher zum Verfolgen öffnen</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope-Laufspeicher (*.sqlite *.ampscope *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Follow a run (the newest also follows the runs that come after it; a run of a group shows its ranks side by side)</source>
        <translation>Einen Lauf verfolgen (der neueste verfolgt auch die danach folgenden Läufe; ein Lauf einer Gruppe zeigt deren Ranks nebeneinander)</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Verfolgen</translation>
    </message>
    <message>
        <source>step %1: ranks disagree: %2</source>
        <translation>Schritt %1: Ranks uneinig: %2</translation>
    </message>
    <message>
        <source>ranks disagree</source>
        <translation>Ranks uneinig</translation>
    </message>
    <message>
        <source>--follow: expected FILE, FILE:RUN, FILE:NAME or FILE:group=NAME, got &apos;%1&apos;</source>
        <translation>--follow: erwartet wird FILE, FILE:RUN, FILE:NAME oder FILE:group=NAME, nicht &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 yet: waiting</source>
        <translation>noch kein Lauf namens &apos;%1&apos; in %2: warte</translation>
    </message>
    <message>
        <source>%1:%2 (run %3)</source>
        <translation>%1:%2 (Lauf %3)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::HistogramHeatmap</name>
    <message>
        <source>zero</source>
        <translation>null</translation>
    </message>
    <message>
        <source>Gradient exponents per layer</source>
        <translation>Gradientenexponenten pro Schicht</translation>
    </message>
    <message>
        <source>no step yet</source>
        <translation>noch kein Schritt</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ (scaled, as backward produced it)</source>
        <translation>Binärexponent e = ⌊log₂|g|⌋ (skaliert, wie das Backward ihn lieferte)</translation>
    </message>
    <message>
        <source>share of the tensor&apos;s elements</source>
        <translation>Anteil der Tensorelemente</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>keine Sitzung</translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation>warte auf den ersten Schritt</translation>
    </message>
    <message>
        <source>binary exponent of the unscaled gradient g/S = e − log₂ S</source>
        <translation>Binärexponent des unskalierten Gradienten g/S = e − log₂ S</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ of the scaled gradient</source>
        <translation>Binärexponent e = ⌊log₂|g|⌋ des skalierten Gradienten</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>Schritt übersprungen</translation>
    </message>
    <message>
        <source>unscaled view</source>
        <translation>unskalierte Ansicht</translation>
    </message>
    <message>
        <source>bias rows hidden</source>
        <translation>Bias-Zeilen ausgeblendet</translation>
    </message>
    <message>
        <source> (unscaled: %1)</source>
        <translation> (unskaliert: %1)</translation>
    </message>
    <message>
        <source>exponent ≤ %1%2</source>
        <translation>Exponent ≤ %1%2</translation>
    </message>
    <message>
        <source>exponent ≥ %1%2</source>
        <translation>Exponent ≥ %1%2</translation>
    </message>
    <message>
        <source>exponent %1: |g| in [2^%1, 2^%2)%3</source>
        <translation>Exponent %1: |g| in [2^%1, 2^%2)%3</translation>
    </message>
    <message>
        <source>%1
no statistics at this step</source>
        <translation>%1
keine Statistik in diesem Schritt</translation>
    </message>
    <message>
        <source>%1 — %2
%3 of %4 elements (%5%)</source>
        <translation>%1 — %2
%3 von %4 Elementen (%5 %)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerCountsPlot</name>
    <message>
        <source>Underflow / overflow per layer over steps</source>
        <translation>Unterlauf / Überlauf je Schicht über die Schritte</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>Unterlauf</translation>
    </message>
    <message>
        <source>Overflow + non-finite</source>
        <translation>Überlauf + nicht endlich</translation>
    </message>
    <message>
        <source>Underflow: elements nonzero in an fp32 reference backward but zero here (reference steps only). Overflow: NaN and inf elements and finite ones beyond the format&apos;s maximum.</source>
        <translation>Unterlauf: Elemente, die in einem fp32-Referenz-Backward ungleich null sind, hier aber null (nur in Referenzschritten). Überlauf: NaN- und inf-Elemente sowie endliche Werte über dem Maximum des Formats.</translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>Prozent</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Weight gradients</source>
        <translation>Gewichtsgradienten</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>Aktivierungsgradienten</translation>
    </message>
    <message>
        <source>step %1: first offender %2</source>
        <translation>Schritt %1: erster Verursacher %2</translation>
    </message>
    <message>
        <source>%1, step %2: %3%</source>
        <translation>%1, Schritt %2: %3 %</translation>
    </message>
    <message>
        <source>%1, step %2: %3 elements</source>
        <translation>%1, Schritt %2: %3 Elemente</translation>
    </message>
    <message>
        <source>% of elements</source>
        <translation>% der Elemente</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>Elemente</translation>
    </message>
    <message>
        <source>no activation gradients in this run</source>
        <translation>keine Aktivierungsgradienten in diesem Lauf</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>keine Schichten</translation>
    </message>
    <message>
        <source>not available in replay</source>
        <translation>in der Wiedergabe nicht verfügbar</translation>
    </message>
    <message>
        <source>waiting for statistics</source>
        <translation>warte auf Statistik</translation>
    </message>
    <message>
        <source>underflow is measured on reference steps only (reference every k steps &gt; 0)</source>
        <translation>Unterlauf wird nur in Referenzschritten gemessen (Referenz alle k Schritte, k &gt; 0)</translation>
    </message>
    <message>
        <source>steps %1–%2%3</source>
        <translation>Schritte %1–%2%3</translation>
    </message>
    <message>
        <source> (%1 steps per column, largest shown)</source>
        <translation> (%1 Schritte pro Spalte, größter Wert gezeigt)</translation>
    </message>
    <message>
        <source> · replay: a sample of %1 of %2 statistics steps</source>
        <translation> · Wiedergabe: Stichprobe von %1 der %2 Statistikschritte</translation>
    </message>
    <message>
        <source> · grey: measured, none</source>
        <translation> · grau: gemessen, keine</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerHistoryHeatmap</name>
    <message>
        <source>Selected layer over time</source>
        <translation>Gewählte Schicht im Zeitverlauf</translation>
    </message>
    <message>
        <source>select a layer in the table or the histogram</source>
        <translation>eine Schicht in der Tabelle oder im Histogramm wählen</translation>
    </message>
    <message>
        <source>exponent e of the scaled gradient</source>
        <translation>Exponent e des skalierten Gradienten</translation>
    </message>
    <message>
        <source>share of elements</source>
        <translation>Anteil der Elemente</translation>
    </message>
    <message>
        <source>%1 · waiting for statistics</source>
        <translation>%1 · warte auf Statistik</translation>
    </message>
    <message>
        <source>exponent of the unscaled gradient g/S</source>
        <translation>Exponent des unskalierten Gradienten g/S</translation>
    </message>
    <message>
        <source>%1 · steps %2–%3%4</source>
        <translation>%1 · Schritte %2–%3%4</translation>
    </message>
    <message>
        <source> (%1 steps per column)</source>
        <translation> (%1 Schritte pro Spalte)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerTableModel</name>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Form</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>Nullen</translation>
    </message>
    <message>
        <source>Subnormal</source>
        <translation>Subnormal</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>Unterlauf</translation>
    </message>
    <message>
        <source>Inf/NaN</source>
        <translation>Inf/NaN</translation>
    </message>
    <message>
        <source>max |g|</source>
        <translation>max |g|</translation>
    </message>
    <message>
        <source>First offender</source>
        <translation>Erster Verursacher</translation>
    </message>
    <message>
        <source>Share of the gradient&apos;s elements that are exactly zero (underflow or a dead unit)</source>
        <translation>Anteil der Gradientenelemente, die genau null sind (Unterlauf oder eine tote Einheit)</translation>
    </message>
    <message>
        <source>Share of nonzero elements below fp16&apos;s smallest normal 2^-14 (precision is lost there)</source>
        <translation>Anteil der von null verschiedenen Elemente unter der kleinsten normalen Zahl von fp16, 2^-14 (dort geht Genauigkeit verloren)</translation>
    </message>
    <message>
        <source>Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; measured every reference_every steps)</source>
        <translation>Anteil der Elemente, die im fp32-Referenz-Backward von null verschieden, hier aber null sind (zuletzt gemessener Schritt; gemessen alle reference_every Schritte)</translation>
    </message>
    <message>
        <source>Count of NaN, +inf and -inf elements at this step</source>
        <translation>Anzahl der NaN-, +inf- und -inf-Elemente in diesem Schritt</translation>
    </message>
    <message>
        <source>Largest finite magnitude of the scaled gradient</source>
        <translation>Größter endlicher Betrag des skalierten Gradienten</translation>
    </message>
    <message>
        <source>The first layer to go non-finite in backward order, and how often it was</source>
        <translation>Die erste Schicht, die in Backward-Reihenfolge nicht-endlich wurde, und wie oft sie es war</translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation>bei Schritt %1</translation>
    </message>
    <message>
        <source>%1×, last step %2</source>
        <translation>%1×, zuletzt Schritt %2</translation>
    </message>
    <message>
        <source>Not measured yet (needs an fp32 reference backward: reference_every &gt; 0)</source>
        <translation>Noch nicht gemessen (braucht ein fp32-Referenz-Backward: reference_every &gt; 0)</translation>
    </message>
    <message>
        <source>%1 elements lost at step %2, carrying %3% of the gradient mass</source>
        <translation>%1 Elemente in Schritt %2 verloren, mit %3 % der Gradientenmasse</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LossPlot</name>
    <message>
        <source>Training loss</source>
        <translation>Trainings-Loss</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation>übersprungener Schritt</translation>
    </message>
    <message>
        <source>cross-entropy loss (log)</source>
        <translation>Kreuzentropie-Loss (log.)</translation>
    </message>
    <message>
        <source>loss (log)</source>
        <translation>Loss (log.)</translation>
    </message>
    <message>
        <source>cross-entropy loss</source>
        <translation>Kreuzentropie-Loss</translation>
    </message>
    <message>
        <source>skipped step or non-finite loss</source>
        <translation>übersprungener Schritt oder nicht endlicher Loss</translation>
    </message>
    <message>
        <source>non-finite loss</source>
        <translation>nicht endlicher Loss</translation>
    </message>
    <message>
        <source>no loss: the script gave probe.step() none</source>
        <translation>kein Loss: das Skript hat probe.step() keinen übergeben</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::MainWindow</name>
    <message>
        <source>Following the newest step</source>
        <translation>Folge dem neuesten Schritt</translation>
    </message>
    <message>
        <source>Follow newest step</source>
        <translation>Neuestem Schritt folgen</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>Steuerung</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Schichten</translation>
    </message>
    <message>
        <source>What the scaler did</source>
        <translation>Was der Skalierer tat</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Export &amp;dashboard…</source>
        <translation>&amp;Dashboard exportieren…</translation>
    </message>
    <message>
        <source>Export &amp;chart</source>
        <translation>Dia&amp;gramm exportieren</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>Start / resume</source>
        <translation>Starten / fortsetzen</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Step once</source>
        <translation>Ein Schritt</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation>Starten / anhalten</translation>
    </message>
    <message>
        <source>Load &amp;preset</source>
        <translation>&amp;Voreinstellung laden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>&amp;Dunkles Design</translation>
    </message>
    <message>
        <source>&amp;Presentation mode (large fonts, thick lines)</source>
        <translation>&amp;Präsentationsmodus (große Schrift, dicke Linien)</translation>
    </message>
    <message>
        <source>&amp;Follow the newest step</source>
        <translation>Dem neuesten Schritt &amp;folgen</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>Nicht übernommen: %1</translation>
    </message>
    <message>
        <source>Following the newest step (click a line in the event log to look at a step)</source>
        <translation>Folge dem neuesten Schritt (eine Zeile im Ereignisprotokoll anklicken, um einen Schritt anzusehen)</translation>
    </message>
    <message>
        <source>Showing step %1</source>
        <translation>Zeige Schritt %1</translation>
    </message>
    <message>
        <source>Showing step %1 (per-layer statistics from step %2, the nearest kept)</source>
        <translation>Zeige Schritt %1 (Schichtstatistik von Schritt %2, dem nächsten gespeicherten)</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 steps · </source>
        <translation>%1 · %2 · %3 Schritte · </translation>
    </message>
    <message>
        <source>no loss scaling</source>
        <translation>keine Loss-Skalierung</translation>
    </message>
    <message>
        <source> · overlay %1</source>
        <translation> · Überlagerung %1</translation>
    </message>
    <message>
        <source> · %1 lr %2 · batch %3</source>
        <translation> · %1 lr %2 · Batch %3</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>dashboard</source>
        <translation>Dashboard</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>Lauf ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Replay a run from a run store (recorded here or by &apos;ampscope record&apos;)</source>
        <translation>Einen Lauf aus einem Laufspeicher abspielen (hier oder mit &apos;ampscope record&apos; aufgezeichnet)</translation>
    </message>
    <message>
        <source>O&amp;verlay a run…</source>
        <translation>Lauf ü&amp;berlagern…</translation>
    </message>
    <message>
        <source>&amp;Remove the overlay</source>
        <translation>Überlagerung &amp;entfernen</translation>
    </message>
    <message>
        <source>&amp;Back to the live run</source>
        <translation>&amp;Zurück zum Live-Lauf</translation>
    </message>
    <message>
        <source>Export the visible range as C&amp;SV…</source>
        <translation>Sichtbaren Bereich als C&amp;SV exportieren…</translation>
    </message>
    <message>
        <source>Back to the live run</source>
        <translation>Zurück zum Live-Lauf</translation>
    </message>
    <message>
        <source>AmpScope — replaying run %1 from %2</source>
        <translation>AmpScope — spiele Lauf %1 aus %2 ab</translation>
    </message>
    <message>
        <source>AmpScope — run %1 (recording to %2)</source>
        <translation>AmpScope — Lauf %1 (Aufzeichnung in %2)</translation>
    </message>
    <message>
        <source>Open a run store</source>
        <translation>Laufspeicher öffnen</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope-Laufspeicher (*.sqlite *.ampscope *.db);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Replay a run</source>
        <translation>Lauf abspielen</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Cannot replay the run</source>
        <translation>Lauf kann nicht abgespielt werden</translation>
    </message>
    <message>
        <source>Overlay a run from a run store</source>
        <translation>Lauf aus einem Laufspeicher überlagern</translation>
    </message>
    <message>
        <source>Overlay a run on the loss and scale charts</source>
        <translation>Einen Lauf über die Loss- und Skalendiagramme legen</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>Überlagern</translation>
    </message>
    <message>
        <source>Cannot overlay the run</source>
        <translation>Lauf kann nicht überlagert werden</translation>
    </message>
    <message>
        <source>Export the visible steps %1–%2 as CSV</source>
        <translation>Sichtbare Schritte %1–%2 als CSV exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-Dateien (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1 steps to %2</source>
        <translation>%1 Schritte nach %2 geschrieben</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemvorgabe (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Tastenkürzel…</translation>
    </message>
    <message>
        <source>Some user presets were skipped: %1</source>
        <translation>Einige eigene Voreinstellungen wurden übersprungen: %1</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>Meine Voreinstellung</translation>
    </message>
    <message>
        <source>%1 (my settings)</source>
        <translation>%1 (meine Einstellungen)</translation>
    </message>
    <message>
        <source>Preset not saved</source>
        <translation>Voreinstellung nicht gespeichert</translation>
    </message>
    <message>
        <source>Saved preset &apos;%1&apos; in %2</source>
        <translation>Voreinstellung &apos;%1&apos; in %2 gespeichert</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Voreinstellung löschen</translation>
    </message>
    <message>
        <source>Delete your preset &apos;%1&apos;?</source>
        <translation>Ihre Voreinstellung &apos;%1&apos; löschen?</translation>
    </message>
    <message>
        <source>Preset not deleted</source>
        <translation>Voreinstellung nicht gelöscht</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>&amp;Follow a run…</source>
        <translation>Lauf &amp;verfolgen…</translation>
    </message>
    <message>
        <source>Formats what-if</source>
        <translation>Was-wäre-wenn der Formate</translation>
    </message>
    <message>
        <source>Export the formats what-if</source>
        <translation>Was-wäre-wenn der Formate exportieren</translation>
    </message>
    <message>
        <source>There are no per-layer statistics to export yet.</source>
        <translation>Es gibt noch keine Schichtstatistik zum Exportieren.</translation>
    </message>
    <message>
        <source>Export the formats what-if of step %1 as CSV</source>
        <translation>Was-wäre-wenn der Formate von Schritt %1 als CSV exportieren</translation>
    </message>
    <message>
        <source>Wrote the what-if of step %1 (%2 rows) to %3</source>
        <translation>Was-wäre-wenn von Schritt %1 (%2 Zeilen) nach %3 geschrieben</translation>
    </message>
    <message>
        <source>&amp;About AmpScope</source>
        <translation>Über &amp;AmpScope</translation>
    </message>
    <message>
        <source>Export the formats &amp;what-if as CSV…</source>
        <translation>&amp;Was-wäre-wenn der Formate als CSV exportieren…</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <source>The run&apos;s own format</source>
        <translation>Das eigene Format des Laufs</translation>
    </message>
    <message>
        <source>GradScaler (init %1, interval %2)</source>
        <translation>GradScaler (Anfang %1, Intervall %2)</translation>
    </message>
    <message>
        <source>Format li&amp;mits drawn</source>
        <translation>Eingezeichnete Format&amp;grenzen</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>Schritte %1–%2</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no step skipped, the scale never changed</source>
        <translation>%1: nichts zu berichten: kein Schritt übersprungen, die Skala blieb unverändert</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no loss scaling, and no gradient went non-finite</source>
        <translation>%1: nichts zu berichten: keine Loss-Skalierung, und kein Gradient wurde nicht-endlich</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ReplayController</name>
    <message>
        <source>Opening run %1 of %2</source>
        <translation>Öffne Lauf %1 aus %2</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: reading statistics</source>
        <translation>Öffne Lauf %1 aus %2: lese Statistiken</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: %3 of %4 steps</source>
        <translation>Öffne Lauf %1 aus %2: %3 von %4 Schritten</translation>
    </message>
    <message>
        <source>Replaying run %1 from %2 (read-only: %3 · %4 · %5 steps, %6). Click the event log or the charts to look at a step.</source>
        <translation>Spiele Lauf %1 aus %2 ab (nur lesend: %3 · %4 · %5 Schritte, %6). Ereignisprotokoll oder Diagramme anklicken, um einen Schritt anzusehen.</translation>
    </message>
    <message>
        <source>run %1: %2 (live)</source>
        <translation>Lauf %1: %2 (live)</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>live: %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunBrowser</name>
    <message>
        <source>Runs in %1</source>
        <translation>Läufe in %1</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 enthält noch keine Läufe</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Angelegt (UTC)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Final scale</source>
        <translation>End-Skala</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>End-Loss</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>Reading the runs in %1…</source>
        <translation>Lese die Läufe in %1…</translation>
    </message>
    <message>
        <source>Group (rank)</source>
        <translation>Gruppe (Rank)</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1 (Rank %2 von %3)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunSettingsView</name>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>every step</source>
        <translation>jeder Schritt</translation>
    </message>
    <message>
        <source>every %1 steps</source>
        <translation>alle %1 Schritte</translation>
    </message>
    <message>
        <source>Settings of run %1 of %2</source>
        <translation>Einstellungen von Lauf %1 aus %2</translation>
    </message>
    <message>
        <source>As the run was recorded (read-only). The live run&apos;s controls come back with &quot;Back to the live run&quot;.</source>
        <translation>So, wie der Lauf aufgezeichnet wurde (nur lesen). Die Regler des Live-Laufs kommen mit „Zurück zum Live-Lauf“ zurück.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>your script, through the Python probe</source>
        <translation>Ihr Skript, über die Python-Sonde</translation>
    </message>
    <message>
        <source>AmpScope (a built-in model)</source>
        <translation>AmpScope (ein eingebautes Modell)</translation>
    </message>
    <message>
        <source>%1, on %2 (process %3)</source>
        <translation>%1, auf %2 (Prozess %3)</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>Geschrieben von</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Gerät</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>%1 of %2, group %3</source>
        <translation>%1 von %2, Gruppe %3</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>not recorded (watch() was given none, or one AmpScope has no name for)</source>
        <translation>nicht aufgezeichnet (watch() bekam keinen, oder einen, den AmpScope nicht benennen kann)</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>%1 at the start</source>
        <translation>%1 zu Beginn</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>Momentum</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>Weight Decay</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>Mikro-Batches pro Schritt</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>Gradient Clipping</translation>
    </message>
    <message>
        <source>norm %1, after unscaling</source>
        <translation>Norm %1, nach dem Unskalieren</translation>
    </message>
    <message>
        <source>norm %1, before unscaling (scaled gradients)</source>
        <translation>Norm %1, vor dem Unskalieren (skalierte Gradienten)</translation>
    </message>
    <message>
        <source>%1 at step %2 (%3)</source>
        <translation>%1 in Schritt %2 (%3)</translation>
    </message>
    <message>
        <source>Faults injected</source>
        <translation>Eingespeiste Fehler</translation>
    </message>
    <message>
        <source>Loss scaler</source>
        <translation>Loss-Skalierer</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>Skalierer</translation>
    </message>
    <message>
        <source>off: no loss scaling</source>
        <translation>aus: keine Loss-Skalierung</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>Anfangsskala</translation>
    </message>
    <message>
        <source>Growth</source>
        <translation>Wachstum</translation>
    </message>
    <message>
        <source>×%1 after %2 clean steps</source>
        <translation>×%1 nach %2 sauberen Schritten</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>Backoff</translation>
    </message>
    <message>
        <source>×%1 on a skipped step</source>
        <translation>×%1 bei einem übersprungenen Schritt</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>Hysterese</translation>
    </message>
    <message>
        <source>%1 overflows in a row</source>
        <translation>%1 Überläufe in Folge</translation>
    </message>
    <message>
        <source>%1 overflows since the last growth</source>
        <translation>%1 Überläufe seit dem letzten Wachstum</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>Mindestskala</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>Höchstskala</translation>
    </message>
    <message>
        <source>Static scale</source>
        <translation>Feste Skala</translation>
    </message>
    <message>
        <source>yes: never grows or backs off</source>
        <translation>ja: wächst nie und weicht nie zurück</translation>
    </message>
    <message>
        <source>At the start of the run: the scale chart shows every change made during it.</source>
        <translation>Zu Beginn des Laufs: das Skalendiagramm zeigt jede Änderung während des Laufs.</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistiken</translation>
    </message>
    <message>
        <source>Per-layer statistics</source>
        <translation>Schichtstatistiken</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>Aktivierungsgradienten</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>aufgezeichnet</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>Flushed to zero by a cast</source>
        <translation>Durch einen Cast auf null gesetzt</translation>
    </message>
    <message>
        <source>Underflow reference</source>
        <translation>Unterlauf-Referenz</translation>
    </message>
    <message>
        <source>Limits of</source>
        <translation>Grenzen von</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Histogramm</translation>
    </message>
    <message>
        <source>2^%1 to 2^%2</source>
        <translation>2^%1 bis 2^%2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SavePresetDialog</name>
    <message>
        <source>Save preset</source>
        <translation>Voreinstellung speichern</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>What this run shows, in a few sentences (shown beside the charts)</source>
        <translation>Was dieser Lauf zeigt, in wenigen Sätzen (wird neben den Diagrammen angezeigt)</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Erklärung</translation>
    </message>
    <message>
        <source>Saves the current settings (model, precision, scaler, learning rate, clipping, ...) as a preset listed after the built-in ones.</source>
        <translation>Speichert die aktuellen Einstellungen (Modell, Genauigkeit, Skalierer, Lernrate, Clipping, ...) als Voreinstellung, die nach den eingebauten aufgeführt wird.</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalePlot</name>
    <message>
        <source>Loss scale</source>
        <translation>Loss-Skala</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>Skala</translation>
    </message>
    <message>
        <source>skipped step (backoff)</source>
        <translation>übersprungener Schritt (Backoff)</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>Wachstum</translation>
    </message>
    <message>
        <source>no loss scaling in this run: S = 1, nothing is skipped</source>
        <translation>keine Loss-Skalierung in diesem Lauf: S = 1, nichts wird übersprungen</translation>
    </message>
    <message>
        <source>skipped (%1)</source>
        <translation>übersprungen (%1)</translation>
    </message>
    <message>
        <source>step %1
scale %2 → %3 (%4)
growth tracker %5</source>
        <translation>Schritt %1
Skala %2 → %3 (%4)
Wachstumszähler %5</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>Schritt übersprungen</translation>
    </message>
    <message>
        <source>first offender: %1</source>
        <translation>erster Verursacher: %1</translation>
    </message>
    <message>
        <source>
%1: scale %2 → %3 (%4)%5</source>
        <translation>
%1: Skala %2 → %3 (%4)%5</translation>
    </message>
    <message>
        <source>, skipped</source>
        <translation>, übersprungen</translation>
    </message>
    <message>
        <source>scale S (log₂)</source>
        <translation>Skala S (log₂)</translation>
    </message>
    <message>
        <source>the scale each step ran with</source>
        <translation>die Skala, mit der jeder Schritt lief</translation>
    </message>
    <message>
        <source>hover for details</source>
        <translation>Maus darüber für Details</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalerPanel</name>
    <message>
        <source>Loss scaler (live)</source>
        <translation>Loss-Skalierer (live)</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>aktiv</translation>
    </message>
    <message>
        <source>Off: gradients are not scaled, non-finite steps are not skipped</source>
        <translation>Aus: Gradienten werden nicht skaliert, nicht-endliche Schritte nicht übersprungen</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>Skalierer</translation>
    </message>
    <message>
        <source>The scale a run starts with (a power of two). While a run is going it sets the current scale at the next step (the scale plot says &apos;set by user&apos;).</source>
        <translation>Die Skala, mit der ein Lauf beginnt (eine Zweierpotenz). Während eines Laufs setzt sie die aktuelle Skala ab dem nächsten Schritt (das Skalendiagramm sagt &apos;vom Benutzer gesetzt&apos;).</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>Anfangsskala</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps (must be &gt; 1)</source>
        <translation>Skalenfaktor nach growth-interval sauberen Schritten (muss &gt; 1 sein)</translation>
    </message>
    <message>
        <source>Growth factor</source>
        <translation>Wachstumsfaktor</translation>
    </message>
    <message>
        <source>Scale multiplier after a step with inf/NaN gradients (must be &lt; 1)</source>
        <translation>Skalenfaktor nach einem Schritt mit inf/NaN-Gradienten (muss &lt; 1 sein)</translation>
    </message>
    <message>
        <source>Backoff factor</source>
        <translation>Backoff-Faktor</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (log slider, 1 to 10000)</source>
        <translation>Saubere Schritte, bevor die Skala wächst (logarithmischer Regler, 1 bis 10000)</translation>
    </message>
    <message>
        <source>Growth interval</source>
        <translation>Wachstumsintervall</translation>
    </message>
    <message>
        <source>Back off only after this many overflows (1 = PyTorch)</source>
        <translation>Erst nach so vielen Überläufen zurückgehen (1 = PyTorch)</translation>
    </message>
    <message>
        <source>consecutive</source>
        <translation>aufeinanderfolgend</translation>
    </message>
    <message>
        <source>Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth</source>
        <translation>Den Hysterese-Zähler bei jedem sauberen Schritt zurücksetzen (DeepSpeed/Apex), nicht nur beim Wachsen</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>Hysterese</translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation>keine (0)</translation>
    </message>
    <message>
        <source>Floor after a backoff; without one the scale can reach 0 and stay there</source>
        <translation>Untergrenze nach einem Backoff; ohne sie kann die Skala 0 erreichen und dort bleiben</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>Mindestskala</translation>
    </message>
    <message>
        <source>none (∞)</source>
        <translation>keine (∞)</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>Höchstskala</translation>
    </message>
    <message>
        <source>static scale</source>
        <translation>feste Skala</translation>
    </message>
    <message>
        <source>The scale never grows or backs off; non-finite steps are still skipped</source>
        <translation>Die Skala wächst nie und geht nie zurück; nicht-endliche Schritte werden trotzdem übersprungen</translation>
    </message>
    <message>
        <source>%1 = %2: outside the slider&apos;s steps (%3 to %4); moving the slider replaces it</source>
        <translation>%1 = %2: außerhalb der Stufen des Reglers (%3 bis %4); wird der Regler bewegt, ersetzt er den Wert</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SessionController</name>
    <message>
        <source>Not recording this run: %1. Training goes on unrecorded.</source>
        <translation>Dieser Lauf wird nicht aufgezeichnet: %1. Das Training läuft ohne Aufzeichnung weiter.</translation>
    </message>
    <message>
        <source>Loading Fashion-MNIST and building fashion-cnn…</source>
        <translation>Lade Fashion-MNIST und baue fashion-cnn auf…</translation>
    </message>
    <message>
        <source>Building %1 (%2)…</source>
        <translation>Baue %1 auf (%2)…</translation>
    </message>
    <message>
        <source>Could not build the session: %1</source>
        <translation>Die Sitzung konnte nicht aufgebaut werden: %1</translation>
    </message>
    <message>
        <source>step %1: injecting %2 into %3 at the next step</source>
        <translation>Schritt %1: schleuse im nächsten Schritt %2 in %3 ein</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>unbekannter Fehler</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::StatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>nicht aufgezeichnet</translation>
    </message>
    <message>
        <source>● recording run %1</source>
        <translation>● zeichne Lauf %1 auf</translation>
    </message>
    <message>
        <source>Every step of this run is recorded in %1 (File &gt; Open replays it)</source>
        <translation>Jeder Schritt dieses Laufs wird in %1 aufgezeichnet (Datei &gt; Öffnen spielt ihn ab)</translation>
    </message>
    <message>
        <source>replay: %1 steps</source>
        <translation>Wiedergabe: %1 Schritte</translation>
    </message>
    <message>
        <source>final scale %1</source>
        <translation>End-Skala %1</translation>
    </message>
    <message>
        <source>no scaler</source>
        <translation>kein Skalierer</translation>
    </message>
    <message>
        <source>skipped %1 (%2%)</source>
        <translation>übersprungen %1 (%2 %)</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>lädt</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>keine Sitzung</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>stopped by an error</source>
        <translation>durch einen Fehler gestoppt</translation>
    </message>
    <message>
        <source>step %1 (%2)</source>
        <translation>Schritt %1 (%2)</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 Schritte/s</translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation>Skala %1</translation>
    </message>
    <message>
        <source>skipped 0</source>
        <translation>übersprungen 0</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>verworfen %1</translation>
    </message>
    <message>
        <source>Records the GUI could not take in time (the training never waits for the GUI)</source>
        <translation>Aufzeichnungen, die die GUI nicht rechtzeitig übernehmen konnte (das Training wartet nie auf die GUI)</translation>
    </message>
    <message>
        <source>The rank whose statistics the charts and the layer table show</source>
        <translation>Der Rank, dessen Statistik die Diagramme und die Schichttabelle zeigen</translation>
    </message>
    <message>
        <source>recorded so far: %1 steps</source>
        <translation>bisher aufgezeichnet: %1 Schritte</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfModel</name>
    <message>
        <source>No session</source>
        <translation>Keine Sitzung</translation>
    </message>
    <message>
        <source>No per-layer statistics yet</source>
        <translation>Noch keine Schichtstatistik</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>Schritt übersprungen</translation>
    </message>
    <message>
        <source>unscaled gradient g/S</source>
        <translation>unskalierter Gradient g/S</translation>
    </message>
    <message>
        <source>scaled gradient, as backward produced it</source>
        <translation>skalierter Gradient, wie das Backward ihn lieferte</translation>
    </message>
    <message>
        <source>(the unscaled what-if needs a power-of-two scale)</source>
        <translation>(das unskalierte Was-wäre-wenn braucht eine Zweierpotenz als Skala)</translation>
    </message>
    <message>
        <source>cast with no per-tensor scaling</source>
        <translation>Umwandlung ohne Skalierung pro Tensor</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>%1
underflow</source>
        <translation>%1
Unterlauf</translation>
    </message>
    <message>
        <source>%1
overflow</source>
        <translation>%1
Überlauf</translation>
    </message>
    <message>
        <source>Share of the elements that are non-zero but would become zero when cast to %1 (|x| ≤ %2, half its smallest subnormal: the tie rounds to the even zero)</source>
        <translation>Anteil der Elemente, die nicht null sind, bei der Umwandlung nach %1 aber null würden (|x| ≤ %2, die Hälfte seiner kleinsten subnormalen Zahl: der Gleichstand wird auf die gerade Null gerundet)</translation>
    </message>
    <message>
        <source>Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)</source>
        <translation>Anteil der endlichen Elemente, die bei der Umwandlung nach %2 zu %1 würden (|x| %3 %4; sein größter endlicher Wert ist %5)</translation>
    </message>
    <message>
        <source>%1: no statistics at this step</source>
        <translation>%1: keine Statistik in diesem Schritt</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would flush to zero</source>
        <translation>%1 → %2: %3 von %4 Elementen würden auf null gesetzt</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would overflow</source>
        <translation>%1 → %2: %3 von %4 Elementen würden überlaufen</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would flush to zero</source>
        <translation>%1 → %2: zwischen %3 und %4 von %5 Elementen würden auf null gesetzt</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would overflow</source>
        <translation>%1 → %2: zwischen %3 und %4 von %5 Elementen würden überlaufen</translation>
    </message>
    <message>
        <source>flushes: non-zero |x| ≤ %1</source>
        <translation>wird null: von null verschiedene |x| ≤ %1</translation>
    </message>
    <message>
        <source>overflows: |x| %1 %2</source>
        <translation>läuft über: |x| %1 %2</translation>
    </message>
    <message>
        <source>%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it</source>
        <translation>%1 Elemente liegen in einem Bin, der diese Grenze überspannt; das Exponentenhistogramm kann ihn nicht aufteilen</translation>
    </message>
    <message>
        <source>no per-layer statistics to export</source>
        <translation>keine Schichtstatistik zum Exportieren</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>shares of all elements (a–b: the histogram only bounds the count)</source>
        <translation>Anteile an allen Elementen (a–b: das Histogramm grenzt die Anzahl nur ein)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfPanel</name>
    <message>
        <source>What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to zero or overflow, from the exact exponent histogram (docs/measurements.md, &quot;Format what-if&quot;). The values are already in the run&apos;s own format: a cast to that format changes nothing, and what the run flushed is counted as zero now (the Layers table&apos;s Underflow column measures it against an fp32 reference).</source>
        <translation>Was eine Umwandlung jedes Gradienten, wie er in diesem Schritt aufgezeichnet wurde, in jedes Format mit Rundung zur nächsten geraden Zahl auf null setzen oder überlaufen lassen würde, aus dem exakten Exponentenhistogramm (docs/measurements.md, &quot;Format what-if&quot;). Die Werte liegen bereits im eigenen Format des Laufs vor: Eine Umwandlung in dieses Format ändert nichts, und was der Lauf auf null gesetzt hat, zählt hier als null (die Spalte Unterlauf der Schichttabelle misst das gegen eine fp32-Referenz).</translation>
    </message>
</context>
</TS>
