<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>ChartBase</name>
    <message>
        <source>optimizer step</source>
        <translation>オプティマイザのステップ</translation>
    </message>
    <message>
        <source>%1 subnormal %2</source>
        <translation>%1 非正規化数 %2</translation>
    </message>
    <message>
        <source>%1 normal %2</source>
        <translation>%1 正規化数 %2</translation>
    </message>
    <message>
        <source>%1 max %2</source>
        <translation>%1 最大 %2</translation>
    </message>
    <message>
        <source>%1 limits (%2 … %3) lie outside the plotted exponents</source>
        <translation>%1 の限界（%2 … %3）は表示中の指数の範囲外です</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unknown option --%1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>不明なオプション --%1（&apos;ampscope %2 --help&apos; を参照）</translation>
    </message>
    <message>
        <source>--%1 given more than once</source>
        <translation>--%1 が複数回指定されています</translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation>--%1 は値を取りません</translation>
    </message>
    <message>
        <source>--%1 needs a value (%2)</source>
        <translation>--%1 には値が必要です（%2）</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>予期しない引数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>missing %1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>%1 がありません（&apos;ampscope %2 --help&apos; を参照）</translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation>使い方:</translation>
    </message>
    <message>
        <source>options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>引数:</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>オプション:</translation>
    </message>
    <message>
        <source>Language of messages and help: %1 (default: the system&apos;s).</source>
        <translation>メッセージとヘルプの言語: %1（既定: システムの言語）。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>このヘルプを表示して終了します。</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a number in %3</source>
        <translation>--%1 &apos;%2&apos;: %3 の範囲の数値が必要です</translation>
    </message>
    <message>
        <source>--%1 %2: out of range, allowed %3</source>
        <translation>--%1 %2: 範囲外です。許容範囲は %3</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected an integer in %3</source>
        <translation>--%1 &apos;%2&apos;: %3 の範囲の整数が必要です</translation>
    </message>
    <message>
        <source>Steps per run, in [10, 100000] (default 300).</source>
        <translation>1 回の実行あたりのステップ数、[10, 100000]（既定 300）。</translation>
    </message>
    <message>
        <source>Trains the deep MLP three ways and narrates what fp16 does to its gradients.</source>
        <translation>深い MLP を 3 通りの方法で学習し、fp16 が勾配に何をするかを解説します。</translation>
    </message>
    <message>
        <source>step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>loss fp32</source>
        <translation>損失 fp32</translation>
    </message>
    <message>
        <source>loss fp16</source>
        <translation>損失 fp16</translation>
    </message>
    <message>
        <source>loss scaled</source>
        <translation>損失 スケール</translation>
    </message>
    <message>
        <source>fc1 lost fp16</source>
        <translation>fc1 消失 fp16</translation>
    </message>
    <message>
        <source>fc1 lost scl</source>
        <translation>fc1 消失 スケール</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>スケール</translation>
    </message>
    <message>
        <source>What happened: without a scaler, fp16 flushed %1% of fc1&apos;s weight-gradient elements to zero in the
last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the
scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.</source>
        <translation>何が起きたか: スケーラーなしでは、最後に測定したステップで fp16 が fc1 の重み勾配の要素の %1% を
ゼロにしました（2^-24 未満の勾配は fp16 には存在しません）。先に損失にスケールを掛けると、
そのうち %2% が残りました。最終損失: fp32 %3、fp16 %4、fp16 + スケーラー %5。</translation>
    </message>
    <message numerus="yes">
        <source>The scaler skipped %n step(s) for inf/NaN gradients.</source>
        <translation>
            <numerusform>スケーラーは inf/NaN 勾配のために %n ステップをスキップしました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Record your own run: %1</source>
        <translation>自分の実行を記録するには: %1</translation>
    </message>
    <message>
        <source>(see ampscope export --help)</source>
        <translation>（ampscope export --help を参照）</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>cannot write %1 (disk full?)</source>
        <translation>%1 に書き込めません（ディスクがいっぱい？）</translation>
    </message>
    <message>
        <source>--run needs a run id</source>
        <translation>--run には実行 ID が必要です</translation>
    </message>
    <message>
        <source>--csv needs a folder</source>
        <translation>--csv にはフォルダが必要です</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation>不明なオプション &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (FILE is already &apos;%2&apos;)</source>
        <translation>予期しない引数 &apos;%1&apos;（FILE はすでに &apos;%2&apos; です）</translation>
    </message>
    <message>
        <source>missing FILE (the run store to read)</source>
        <translation>FILE がありません（読み込むラン ストア）</translation>
    </message>
    <message>
        <source>missing --csv DIR (the folder to write to)</source>
        <translation>--csv DIR がありません（書き出し先のフォルダ）</translation>
    </message>
    <message>
        <source>%1 holds no runs</source>
        <translation>%1 には実行がありません</translation>
    </message>
    <message>
        <source>no run %1 in %2 (runs: %3)</source>
        <translation>%2 に実行 %1 はありません（実行: %3）</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>フォルダ %1 を作成できません: %2</translation>
    </message>
    <message>
        <source>a file of that name exists</source>
        <translation>同じ名前のファイルがあります</translation>
    </message>
    <message numerus="yes">
        <source>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</source>
        <translation>
            <numerusform>実行 %1（%2、%3、%n ステップ、レイヤー行 %4）を %5 に書き出しました</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps/s  scale %2  loss %3</source>
        <translation>%1 ステップ/秒  スケール %2  損失 %3</translation>
    </message>
    <message>
        <source>--out: the file name is empty</source>
        <translation>--out: ファイル名が空です</translation>
    </message>
    <message>
        <source>No progress bar.</source>
        <translation>プログレスバーを表示しません。</translation>
    </message>
    <message>
        <source>recording stopped: %1</source>
        <translation>記録を停止しました: %1</translation>
    </message>
    <message>
        <source>training failed at step %1: %2</source>
        <translation>ステップ %1 で学習に失敗しました: %2</translation>
    </message>
    <message>
        <source>see what mixed-precision training does to gradients.</source>
        <translation>混合精度学習が勾配に何をするかを見る。</translation>
    </message>
    <message>
        <source>open the main window on the default demo</source>
        <translation>既定のデモでメインウィンドウを開く</translation>
    </message>
    <message>
        <source>open the main window on the default demo (this build has no GUI: runs `demo`)</source>
        <translation>既定のデモでメインウィンドウを開く（このビルドには GUI がないため `demo` を実行）</translation>
    </message>
    <message>
        <source>train headless and record every step into a run store</source>
        <translation>ヘッドレスで学習し、全ステップをラン ストアに記録する</translation>
    </message>
    <message>
        <source>write a stored run&apos;s steps and per-layer stats as CSV</source>
        <translation>保存済みの実行のステップとレイヤー別統計を CSV に書き出す</translation>
    </message>
    <message>
        <source>the default demonstration, narrated on the terminal</source>
        <translation>既定のデモンストレーション（ターミナルで解説）</translation>
    </message>
    <message>
        <source>Every command takes --lang CODE (%1; default: the system&apos;s language).</source>
        <translation>どのコマンドも --lang CODE を受け付けます（%1。既定: システムの言語）。</translation>
    </message>
    <message>
        <source>&apos;ampscope COMMAND --help&apos; documents each command.</source>
        <translation>各コマンドの説明は &apos;ampscope COMMAND --help&apos; を参照してください。</translation>
    </message>
    <message>
        <source>This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.</source>
        <translation>この AmpScope ビルドには GUI がありません（AMPSCOPE_GUI=OFF でビルド）: ヘッドレスのデモを実行します。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>不明なコマンド &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5</source>
        <translation>--inject &apos;%1&apos;: LAYER:KIND@STEP の形式が必要です（例: fc3:inf@100、loss:nan@5）</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: KIND must be inf or nan</source>
        <translation>--inject &apos;%1&apos;: KIND は inf または nan でなければなりません</translation>
    </message>
    <message>
        <source>Model: spiral-mlp (default), deep-mlp, fashion-cnn.</source>
        <translation>モデル: spiral-mlp（既定）、deep-mlp、fashion-cnn。</translation>
    </message>
    <message>
        <source>--model &apos;%1&apos;: allowed spiral-mlp, deep-mlp, fashion-cnn</source>
        <translation>--model &apos;%1&apos;: 使用できるのは spiral-mlp、deep-mlp、fashion-cnn</translation>
    </message>
    <message>
        <source>Dataset: spirals, clusters, fashion-mnist (default: the model&apos;s own).</source>
        <translation>データセット: spirals、clusters、fashion-mnist（既定: モデル固有のもの）。</translation>
    </message>
    <message>
        <source>--dataset &apos;%1&apos;: allowed spirals, clusters, fashion-mnist</source>
        <translation>--dataset &apos;%1&apos;: 使用できるのは spirals、clusters、fashion-mnist</translation>
    </message>
    <message>
        <source>Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).</source>
        <translation>Fashion-MNIST の IDX ファイルの場所（既定 /usr/share/datasets/fashion-mnist）。</translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.</source>
        <translation>fp32、bf16、fp16（既定）。CPU 上の fp16/bf16 はエミュレーションで、そのように表示されます。</translation>
    </message>
    <message>
        <source>--precision &apos;%1&apos;: allowed fp32, bf16, fp16</source>
        <translation>--precision &apos;%1&apos;: 使用できるのは fp32、bf16、fp16</translation>
    </message>
    <message>
        <source>auto (default: CUDA when available), cpu or cuda.</source>
        <translation>auto（既定: 利用可能なら CUDA）、cpu、cuda。</translation>
    </message>
    <message>
        <source>--device &apos;%1&apos;: allowed auto, cpu, cuda</source>
        <translation>--device &apos;%1&apos;: 使用できるのは auto、cpu、cuda</translation>
    </message>
    <message>
        <source>sgd (with momentum), adam (default) or adamw.</source>
        <translation>sgd（モーメンタム付き）、adam（既定）、adamw。</translation>
    </message>
    <message>
        <source>--optimizer &apos;%1&apos;: allowed sgd, adam, adamw</source>
        <translation>--optimizer &apos;%1&apos;: 使用できるのは sgd、adam、adamw</translation>
    </message>
    <message>
        <source>Learning rate, in %1 (default %2).</source>
        <translation>学習率、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>SGD momentum, in %1 (default %2).</source>
        <translation>SGD のモーメンタム、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Weight decay, in %1 (default %2).</source>
        <translation>重み減衰、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Examples per micro-batch, in %1 (default %2).</source>
        <translation>マイクロバッチあたりのサンプル数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Optimizer steps to run, in %1 (default %2).</source>
        <translation>実行するオプティマイザのステップ数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Train without a GradScaler (non-finite gradients reach the weights).</source>
        <translation>GradScaler なしで学習します（非有限の勾配が重みに届きます）。</translation>
    </message>
    <message>
        <source>Initial loss scale, in %1 (default %2 = %3).</source>
        <translation>初期損失スケール、%1（既定 %2 = %3）。</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps, in %1 (default %2).</source>
        <translation>growth-interval 回の正常ステップ後にスケールに掛ける係数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Scale multiplier on overflow, in %1 (default %2).</source>
        <translation>オーバーフロー時にスケールに掛ける係数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows, in %1 (default %2).</source>
        <translation>スケールを増やすまでの正常ステップ数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).</source>
        <translation>バックオフ前に許容するオーバーフロー回数（Megatron）、%1（既定 %2 = PyTorch）。</translation>
    </message>
    <message>
        <source>Refill the hysteresis counter on every clean step (DeepSpeed).</source>
        <translation>正常ステップごとにヒステリシスカウンタを戻します（DeepSpeed）。</translation>
    </message>
    <message>
        <source>Floor after backoff, in %1 (default %2 = none: the scale can reach 0).</source>
        <translation>バックオフ後の下限、%1（既定 %2 = なし: スケールは 0 に達し得ます）。</translation>
    </message>
    <message>
        <source>Cap after growth, in %1 (default %2 = none).</source>
        <translation>増加後の上限、%1（既定 %2 = なし）。</translation>
    </message>
    <message>
        <source>Never grow or back off (still skips non-finite steps).</source>
        <translation>スケールを増減させません（非有限のステップはスキップします）。</translation>
    </message>
    <message>
        <source>Construct the scaler with enabled=false (PyTorch&apos;s transparent mode).</source>
        <translation>enabled=false でスケーラーを作成します（PyTorch の透過モード）。</translation>
    </message>
    <message>
        <source>Clip the total gradient norm to X, %1 &lt;= X &lt;= %2 (default %3 = off).</source>
        <translation>勾配の全体ノルムを X にクリップします。%1 &lt;= X &lt;= %2（既定 %3 = オフ）。</translation>
    </message>
    <message>
        <source>Clip the still-scaled gradients (the classic bug, for demonstration).</source>
        <translation>スケールされたままの勾配をクリップします（典型的なバグ、デモ用）。</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step, in %1 (default %2).</source>
        <translation>オプティマイザのステップあたりのマイクロバッチ数、%1（既定 %2）。</translation>
    </message>
    <message>
        <source>Inject inf or nan into a layer&apos;s weight gradient (or &apos;loss&apos;) at a step; repeatable.</source>
        <translation>指定ステップでレイヤーの重み勾配（または &apos;loss&apos;）に inf か nan を注入します。複数指定可。</translation>
    </message>
    <message>
        <source>Per-layer statistics every N steps, N &gt;= %1 (default %2; 0 = never).</source>
        <translation>N ステップごとにレイヤー別統計を取ります。N &gt;= %1（既定 %2、0 = 取らない）。</translation>
    </message>
    <message>
        <source>fp32 reference backward for underflow every K steps (default %1 = off).</source>
        <translation>K ステップごとにアンダーフロー計測用の fp32 参照 backward を実行（既定 %1 = オフ）。</translation>
    </message>
    <message>
        <source>Do not instrument the gradients of module outputs.</source>
        <translation>モジュール出力の勾配は計測しません。</translation>
    </message>
    <message>
        <source>Exponent range of the histograms, %1 &lt;= LO &lt; HI &lt;= %2 (default %3:%4).</source>
        <translation>ヒストグラムの指数範囲、%1 &lt;= LO &lt; HI &lt;= %2（既定 %3:%4）。</translation>
    </message>
    <message>
        <source>--hist-range &apos;%1&apos;: expected LO:HI, e.g. -40:20</source>
        <translation>--hist-range &apos;%1&apos;: LO:HI の形式が必要です（例: -40:20）</translation>
    </message>
    <message>
        <source>Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.</source>
        <translation>非正規化数とオーバーフローを数える形式: fp16（既定）、bf16、fp8-e4m3、fp8-e5m2、fp32。</translation>
    </message>
    <message>
        <source>--hist-format &apos;%1&apos;: allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</source>
        <translation>--hist-format &apos;%1&apos;: 使用できるのは fp16、bf16、fp8-e4m3、fp8-e5m2、fp32</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a non-negative integer in [0, 2^64-1]</source>
        <translation>--%1 &apos;%2&apos;: [0, 2^64-1] の範囲の 0 以上の整数が必要です</translation>
    </message>
    <message>
        <source>When writing the run store fails (disk full, file size limit, file deleted): stop (default) or continue training unrecorded. Either way the message goes to stderr and the exit status is 3.</source>
        <translation>ラン ストアへの書き込みに失敗したとき（ディスクがいっぱい、ファイルサイズの上限、ファイルの削除）: stop（既定）で停止、continue で記録なしのまま学習を続けます。どちらの場合もメッセージは stderr に出力され、終了ステータスは 3 です。</translation>
    </message>
    <message>
        <source>--on-record-error &apos;%1&apos;: allowed stop, continue</source>
        <translation>--on-record-error &apos;%1&apos;: 使用できるのは stop、continue</translation>
    </message>
    <message>
        <source>Trains a model headless (no display, no Qt GUI libraries) and records every step into a run
store that the GUI opens later. The last line on stdout is one JSON object:
  %1
Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording
stopped (disk full...; the steps committed before are in the store).
Example: %2</source>
        <translation>モデルをヘッドレス（ディスプレイも Qt GUI ライブラリも不要）で学習し、全ステップを
ラン ストアに記録します（後で GUI で開けます）。標準出力の最後の行は 1 つの JSON オブジェクトです:
  %1
終了ステータス: 0 完了、1 学習またはストアの開始に失敗、2 オプションの誤り、3 記録が
停止（ディスクがいっぱいなど。それまでにコミットされたステップはストアにあります）。
例: %2</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, or no GPU was found); allowed on this machine: auto, cpu</source>
        <translation>--device cuda: ここでは CUDA デバイスを利用できません（この LibTorch は CUDA 非対応か、GPU が見つかりません）。このマシンで使用できるのは auto、cpu</translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded (--on-record-error continue)</source>
        <translation>記録を停止しました: %1。学習は記録なしで続きます（--on-record-error continue）</translation>
    </message>
    <message>
        <source>Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.</source>
        <translation>データ・重み・サンプリングのシード、%1（既定 %2）。同じシードなら CPU では同じ記録になります。</translation>
    </message>
    <message>
        <source>LibTorch compute threads, in [1, 256] (default: chosen from the model&apos;s layers and the cores, BLAS threads too).</source>
        <translation>LibTorch の計算スレッド数、[1, 256]（既定: モデルの層とコア数から選択。BLAS のスレッド数も同様）。</translation>
    </message>
    <message>
        <source>AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways
on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler
(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1
weight-gradient elements that fp16 flushed to zero (underflow).</source>
        <translation>AmpScope デモ（ヘッドレス）: 10 個のガウスクラスタ上の深い MLP（隠れ層 12 層）を 3 通りに学習します
（%1 上）: fp32、損失スケーリングなしの %2、GradScaler を通した %2
（初期スケール 2^16）。25 ステップごとに fp32 の参照 backward が、fp16 がゼロに
してしまった fc1 の重み勾配の要素数（アンダーフロー）を数えます。</translation>
    </message>
    <message>
        <source>Options of the main window (ampscope [options]):</source>
        <translation>メインウィンドウのオプション (ampscope [options]):</translation>
    </message>
    <message>
        <source>save a preset&apos;s or a stored run&apos;s charts as PNG, PDF or SVG, without a display</source>
        <translation>プリセットまたは保存済みの実行のグラフを、ディスプレイなしで PNG、PDF、SVG として保存する</translation>
    </message>
    <message>
        <source>(see ampscope runs --help)</source>
        <translation>（ampscope runs --help を参照）</translation>
    </message>
    <message>
        <source>running (live)</source>
        <translation>実行中（稼働中）</translation>
    </message>
    <message>
        <source>running (its writer, process %1, has ended)</source>
        <translation>実行中（書き込み側のプロセス %1 は終了済み）</translation>
    </message>
    <message>
        <source>running (no write for %1 s)</source>
        <translation>実行中（%1 秒間書き込みなし）</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 にはまだ実行がありません</translation>
    </message>
    <message>
        <source>run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation>作成日時（UTC）</translation>
    </message>
    <message>
        <source>source</source>
        <translation>書き込み元</translation>
    </message>
    <message>
        <source>model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>final loss</source>
        <translation>最終損失</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>group (rank)</source>
        <translation>グループ（ランク）</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1（ランク %2 / %3）</translation>
    </message>
    <message>
        <source>Runs in %1:</source>
        <translation>%1 の実行:</translation>
    </message>
    <message>
        <source>Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: ampscope export %1 --run %2 --csv DIR</source>
        <translation>ウィンドウで開く: ampscope --replay %1:%2（書き込み中なら --follow）。CSV へ: ampscope export %1 --run %2 --csv DIR</translation>
    </message>
    <message>
        <source>list the runs a run store holds (ids for --replay FILE:RUN)</source>
        <translation>ラン ストアの実行を一覧表示（--replay FILE:RUN 用の ID）</translation>
    </message>
    <message>
        <source>Run store to write (SQLite; created if missing, runs are appended; default runs.db in the current folder).</source>
        <translation>書き込むラン ストア（SQLite。なければ作成、実行は追記。既定は現在のフォルダの runs.db）。</translation>
    </message>
    <message>
        <source>ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1</source>
        <translation>ampscope record: 実行 %1 は %2 にあります。表示: ampscope --replay %2:%1</translation>
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
        <translation>使い方: ampscope runs [FILE] [--json]

ラン ストア FILE（既定は runs.db: ampscope record と Python プローブの既定の書き込み先）の実行を
古い順に一覧表示します: ID、作成日時、書き込んだもの（ampscope またはプローブ）、モデル（名前のある実行はその名前の後に）、精度、
デバイス、ステップ数、スキップしたステップ数、最終損失、状態。
まだ書き込み中の実行には、書き込み側が生きているかどうかも表示します。

オプション:
  --json     表の代わりに、1 行に 1 実行ずつ JSON オブジェクトを出力
  -h, --help このテキスト

終了ステータス: 0 完了（実行のないストアでも）、1 FILE を読めない、2 引数の誤り。
</translation>
    </message>
    <message>
        <source>A name for the run, shown beside its model wherever runs are listed (at most %1 characters).</source>
        <translation>実行の名前。実行を一覧表示するところではどこでもモデルと並べて表示します（最大 %1 文字）。</translation>
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
        <translation>使い方: ampscope export [FILE] [--run RUN] [--whatif] --csv DIR

ラン ストア FILE（既定は runs.db）の 1 つの実行を CSV ファイルとして DIR に書き出します（なければ作成）:
  runs.csv         実行: id, created, model, precision, device, status, steps, ...
  layers.csv       計測対象のテンソル（layer_id, name, module, kind, shape, numel）
  steps.csv        オプティマイザのステップごとに 1 行: 損失、前後のスケール、スキップ、理由、...
  layer_stats.csv  レイヤーと統計ステップごとに 1 行、指数ヒストグラム付き
  format_whatif.csv （--whatif 指定時）統計ステップ、レイヤー、フォーマット（fp16, bf16,
                   fp8-e4m3, fp8-e5m2）ごとに 1 行: キャストでゼロになる要素とオーバーフローする要素

オプション:
  --run RUN  書き出す実行: ID または名前（既定: FILE 内の最新の実行）
  --whatif   format_whatif.csv も書き出す（docs/measurements.md の &quot;Format what-if&quot;）
  --csv DIR  出力フォルダ
  -h, --help このテキスト

数値は正確に読み戻せる形で書き出します。NaN と無限大は nan, inf, -inf。
空のフィールドは「なし」を意味します（最初の発生源なし、アンダーフロー未測定）。
終了ステータス: 0 完了、1 FILE が読めないか DIR に書けない、2 引数の誤り。
</translation>
    </message>
    <message>
        <source>--run expects a run id (a positive integer) or a run&apos;s name, got &apos;%1&apos;</source>
        <translation>--run には実行 ID（正の整数）または実行の名前が必要ですが、&apos;%1&apos; が指定されました</translation>
    </message>
    <message>
        <source>ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1</source>
        <translation>ampscope record: 実行 %1 を %2 に記録中。ライブで追跡: ampscope --follow %2:%1</translation>
    </message>
    <message>
        <source>unknown option --%1; did you mean --%2? (see &apos;ampscope %3 --help&apos;)</source>
        <translation>不明なオプション --%1。--%2 のことですか？（&apos;ampscope %3 --help&apos; を参照）</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;; did you mean --%2?</source>
        <translation>不明なオプション &apos;%1&apos;。--%2 のことですか？</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>不明なコマンド &apos;%1&apos;。&apos;%2&apos; のことですか？</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>no steps in the range %1–%2</source>
        <translation>範囲 %1–%2 にステップがありません</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>the image is too large</source>
        <translation>画像が大きすぎます</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>Exported by AmpScope</source>
        <translation>AmpScope で書き出し</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>不明な形式</translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf or .svg file name</source>
        <translation>%1: .png、.pdf、.svg のいずれかのファイル名にしてください</translation>
    </message>
    <message>
        <source>the size must be positive</source>
        <translation>サイズは正の値でなければなりません</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Run preset: %1.</source>
        <translation>実行するプリセット: %1。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Dark theme.</source>
        <translation>ダークテーマ。</translation>
    </message>
    <message>
        <source>Presentation mode: large fonts, thick lines.</source>
        <translation>プレゼンテーションモード: 大きな文字、太い線。</translation>
    </message>
    <message>
        <source>Language: %1 (default: the View &gt; Language setting, else the system&apos;s).</source>
        <translation>言語: %1（既定: 表示 &gt; 言語 の設定、なければシステムの言語）。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Optimizer steps to train first.</source>
        <translation>先に学習するオプティマイザのステップ数。</translation>
    </message>
    <message>
        <source>Output file (.png, .pdf or .svg).</source>
        <translation>出力ファイル（.png、.pdf、.svg）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Figure size in px/pt, WxH.</source>
        <translation>図のサイズ（px/pt、幅x高さ）。</translation>
    </message>
    <message>
        <source>PNG pixels per unit.</source>
        <translation>単位あたりの PNG ピクセル数。</translation>
    </message>
    <message>
        <source>Capture the whole window with its panels (PNG only) instead of the figure.</source>
        <translation>図ではなく、パネルを含むウィンドウ全体をキャプチャします（PNG のみ）。</translation>
    </message>
    <message>
        <source>screenshot: --out FILE.png|.pdf|.svg is required</source>
        <translation>screenshot: --out FILE.png|.pdf|.svg は必須です</translation>
    </message>
    <message>
        <source>screenshot: --out must end in .png, .pdf or .svg</source>
        <translation>screenshot: --out は .png、.pdf、.svg のいずれかで終わる必要があります</translation>
    </message>
    <message>
        <source>screenshot: --window writes PNG only</source>
        <translation>screenshot: --window は PNG のみ書き出せます</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n steps)</source>
        <translation>
            <numerusform>%1 を書き出しました（%n ステップ）</numerusform>
        </translation>
    </message>
    <message>
        <source>AmpScope: see what mixed-precision training does to gradients.</source>
        <translation>AmpScope: 混合精度学習が勾配に何をするかを見る。</translation>
    </message>
    <message>
        <source>Build the run but do not start it.</source>
        <translation>実行を準備しますが開始しません。</translation>
    </message>
    <message>
        <source>Run store (SQLite) that every live run is recorded into; created on demand (default: %1).</source>
        <translation>ライブ実行をすべて記録するラン ストア（SQLite）。必要に応じて作成（既定: %1）。</translation>
    </message>
    <message>
        <source>--store: the file name is empty</source>
        <translation>--store: ファイル名が空です</translation>
    </message>
    <message>
        <source>screenshot: --steps must be an integer in [1, 1000000]</source>
        <translation>screenshot: --steps は [1, 1000000] の整数でなければなりません</translation>
    </message>
    <message>
        <source>screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000</source>
        <translation>screenshot: --size は 幅x高さ（幅と高さは [100, 20000]）の形式です（例: 1600x1000）</translation>
    </message>
    <message>
        <source>screenshot: --scale must be a number in (0, 8]</source>
        <translation>screenshot: --scale は (0, 8] の数値でなければなりません</translation>
    </message>
    <message>
        <source>screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and 2^28 pixels in all</source>
        <translation>screenshot: --scale %3 での --size %1x%2 は PNG として大きすぎます（1 辺最大 32767 ピクセル、合計最大 2^28 ピクセル）</translation>
    </message>
    <message>
        <source>Write the window as PNG after --grab-delay milliseconds, then quit (for documentation).</source>
        <translation>--grab-delay ミリ秒後にウィンドウを PNG で書き出して終了します（ドキュメント用）。</translation>
    </message>
    <message>
        <source>Milliseconds before --grab (default 3000).</source>
        <translation>--grab までのミリ秒数（既定 3000）。</translation>
    </message>
    <message>
        <source>--grab-delay must be in [0, 600000] ms</source>
        <translation>--grab-delay は [0, 600000] ミリ秒の範囲でなければなりません</translation>
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
            <numerusform>%1 を書き出しました（%3 の実行 %2、%n ステップ）</numerusform>
        </translation>
    </message>
    <message>
        <source>Render the dashboard of a preset after N steps, or of a stored run, to a PNG, PDF or SVG file.</source>
        <translation>プリセットを N ステップ学習した後のダッシュボード、または保存済みの実行のダッシュボードを PNG、PDF、SVG ファイルに描画します。</translation>
    </message>
    <message>
        <source>With --replay: a second stored run over the loss and scale charts.</source>
        <translation>--replay と併用: 損失とスケールのグラフに重ねる 2 つ目の保存済みの実行。</translation>
    </message>
    <message>
        <source>With --replay: the step whose per-layer statistics the histograms show (default: the last).</source>
        <translation>--replay と併用: ヒストグラムにレイヤー別統計を表示するステップ（既定: 最後のステップ）。</translation>
    </message>
    <message>
        <source>screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other</source>
        <translation>screenshot: --replay は保存済みの実行を描画し、--preset と --steps は実行を学習します。どちらか一方だけを指定してください</translation>
    </message>
    <message>
        <source>screenshot: --overlay and --step need --replay</source>
        <translation>screenshot: --overlay と --step には --replay が必要です</translation>
    </message>
    <message>
        <source>screenshot: --step must be a step number &gt;= 0</source>
        <translation>screenshot: --step は 0 以上のステップ番号でなければなりません</translation>
    </message>
    <message>
        <source>Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>保存済みの実行を読み取り専用で開きます（FILE:RUN: RUN は ID または名前、または最新の実行なら FILE）。</translation>
    </message>
    <message>
        <source>Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>保存済みの実行を損失とスケールのグラフに重ねて表示します（FILE:RUN: RUN は ID または名前、または最新の実行なら FILE）。</translation>
    </message>
    <message>
        <source>Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): `record`&apos;s, the probe&apos;s, the window&apos;s.</source>
        <translation>プリセットを学習する代わりに保存済みの実行を描画します（FILE:RUN: RUN は ID または名前、または最新の実行なら FILE）。`record`、プローブ、ウィンドウのどれで記録した実行でも構いません。</translation>
    </message>
    <message>
        <source>Follow a run another process is still writing (FILE for its newest run and the runs after it, FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME for a run group&apos;s ranks side by side).</source>
        <translation>別のプロセスが書き込み中の実行を追跡します（FILE なら最新の実行とその後の実行、FILE:RUN、FILE:NAME ならその名前の最新の実行とその後の同名の実行、または FILE:group=NAME なら実行グループのランクを並べて表示）。</translation>
    </message>
    <message>
        <source>--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run&apos;s name), got &apos;%2&apos;</source>
        <translation>--%1: FILE、FILE:RUN または FILE:NAME（RUN は 1 以上の実行 ID、NAME は実行の名前）が必要ですが、&apos;%2&apos; が指定されました</translation>
    </message>
    <message>
        <source>%1 Did you mean --%2?</source>
        <translation>%1 --%2 のことですか？</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>--lang needs a language code; this build speaks: %1</source>
        <translation>--lang には言語コードが必要です。このビルドの対応言語: %1</translation>
    </message>
    <message>
        <source>--lang &apos;%1&apos;: not a language this build speaks; choose one of: %2</source>
        <translation>--lang &apos;%1&apos;: このビルドが対応していない言語です。次から選んでください: %2</translation>
    </message>
</context>
<context>
    <name>LiveRecorder</name>
    <message>
        <source>the run store %1 took too long to open (%2 steps waited for it)</source>
        <translation>ラン ストア %1 を開くのに時間がかかりすぎました（%2 ステップが待機しました）</translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>a layer</source>
        <translation>あるレイヤー</translation>
    </message>
    <message>
        <source>non-finite gradients</source>
        <translation>非有限の勾配</translation>
    </message>
    <message>
        <source>%1 NaN and %2 inf gradients</source>
        <translation>NaN 勾配 %1 個と inf 勾配 %2 個</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN gradients</source>
        <translation>
            <numerusform>NaN 勾配 %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inf gradients</source>
        <translation>
            <numerusform>inf 勾配 %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>non-finite gradients appeared</source>
        <translation>非有限の勾配が発生しました</translation>
    </message>
    <message>
        <source>%1 produced %2</source>
        <translation>%1 が %2 を生成しました</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>変化なし</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>増加</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>バックオフ</translation>
    </message>
    <message>
        <source>growth refused</source>
        <translation>増加を拒否</translation>
    </message>
    <message>
        <source>hysteresis</source>
        <translation>ヒステリシス</translation>
    </message>
    <message>
        <source>clamped at min scale</source>
        <translation>最小スケールで制限</translation>
    </message>
    <message>
        <source>clamped at max scale</source>
        <translation>最大スケールで制限</translation>
    </message>
    <message>
        <source>set by user</source>
        <translation>ユーザーが設定</translation>
    </message>
    <message>
        <source>step %1: %2 and no scaler is checking: the optimizer applied them</source>
        <translation>ステップ %1: %2。チェックするスケーラーがないため、オプティマイザがそのまま適用しました</translation>
    </message>
    <message>
        <source>step %1: gradients are finite again</source>
        <translation>ステップ %1: 勾配は再び有限になりました</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4</source>
        <translation>ステップ %1: %2、ステップをスキップ、スケール %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</source>
        <translation>
            <numerusform>ステップ %1: %2、ステップをスキップ、スケールは %3 のまま（ヒステリシス: バックオフまであと %n 回のオーバーフロー）</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4 (held at min scale)</source>
        <translation>ステップ %1: %2、ステップをスキップ、スケール %3 → %4（最小スケールで保持）</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, scale %2 → %3</source>
        <translation>
            <numerusform>ステップ %1: 正常なステップが %n 回続いたので、スケール %2 → %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, growth capped at max scale: %2 → %3</source>
        <translation>
            <numerusform>ステップ %1: 正常なステップが %n 回続きましたが、増加は最大スケールで頭打ち: %2 → %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: growth refused: %2 × growth factor would overflow fp32, scale kept</source>
        <translation>ステップ %1: 増加を拒否: %2 × 増加係数は fp32 でオーバーフローするため、スケールを維持</translation>
    </message>
    <message>
        <source>step %1: scale set by the user: %2 → %3</source>
        <translation>ステップ %1: ユーザーがスケールを設定: %2 → %3</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale kept at %3</source>
        <translation>ステップ %1: %2、ステップをスキップ、スケールは %3 のまま</translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation>ステップ %1: %2</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>bf16 needs no scaler</source>
        <translation>bf16 にスケーラーは不要</translation>
    </message>
    <message>
        <source>The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32&apos;s 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32.</source>
        <translation>同じスパイラル MLP を損失スケーリングなしの bf16 で学習します。bf16 は fp32 の指数 8 ビット（最小の正規化数 2^-126）を保ち、代わりに仮数ビットを減らしているので、小さな勾配はゼロにならず、大きな勾配もオーバーフローしません。スキップされるステップはなく、損失は fp32 と同じように下がります。</translation>
    </message>
    <message>
        <source>Clipping before unscale_: training stalls</source>
        <translation>unscale_ の前にクリッピング: 学習が止まる</translation>
    </message>
    <message>
        <source>Deep MLP, fp16, no loss scaling</source>
        <translation>深い MLP、fp16、損失スケーリングなし</translation>
    </message>
    <message>
        <source>A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16&apos;s smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept.</source>
        <translation>小さな重みを持つ 13 層の MLP をスケーラーなしの fp16 で学習します。前段のレイヤーの勾配は fp16 の最小の非正規化数（2^-24）を下回り、ゼロになります。アンダーフローの列は、fp32 の backward なら残っていたはずの要素を数えます。</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, PyTorch&apos;s default scaler</source>
        <translation>スパイラル MLP、fp16、PyTorch 既定のスケーラー</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, inf injected into fc3 at step 50</source>
        <translation>スパイラル MLP、fp16、ステップ 50 で fc3 に inf を注入</translation>
    </message>
    <message>
        <source>The default run with an inf written into fc3&apos;s weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale.</source>
        <translation>ステップ 50 で fc3 の重み勾配に inf を書き込んだ既定の実行です。スケーラーはそれを見つけてステップをスキップし、fc3 を最初の発生源として示し、スケールを半分にします。</translation>
    </message>
    <message>
        <source>Init scale too high: an overflow storm, then recovery</source>
        <translation>初期スケールが高すぎる: オーバーフローの嵐、そして回復</translation>
    </message>
    <message>
        <source>The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow.</source>
        <translation>スケーラーは 2^16 ではなく 2^40 から始まります。スケールされた勾配はすべて fp16（65504）でオーバーフローするため、最初のステップはすべてスキップされ、そのたびにスケールが半分になります。収まるようになると学習が始まり、スケールは落ち着きます。重みが悪いステップを受け取ることはありません。スキップのおかげで高すぎる開始値は安全で、遅いだけです。</translation>
    </message>
    <message>
        <source>Growth interval too short: the scale oscillates</source>
        <translation>増加間隔が短すぎる: スケールが振動する</translation>
    </message>
    <message>
        <source>The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16&apos;s range, with a skipped step at every tooth. PyTorch&apos;s default interval exists to make this rare.</source>
        <translation>スケーラーは 2000 回ではなく、わずか 10 回の正常ステップでスケールを増やそうとします。勾配がオーバーフローするまで上がり、バックオフし、また上がる: fp16 の範囲の端でのこぎり歯状になり、歯ごとにスキップされるステップがあります。PyTorch の既定の間隔は、これをまれにするためにあります。</translation>
    </message>
    <message>
        <source>Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first.</source>
        <translation>ノルム 1 への勾配クリッピングを、スケールされたままの勾配に適用します（典型的なバグ: scaler.unscale_ の前に clip_grad_norm_）。スケールされたノルムは真のノルムのおよそスケール倍なので、クリッピングによって毎回の更新がおよそスケール分の 1 に縮み、SGD では損失がほとんど動きません。ほかは何も変えず、unscale_ を先に行う同じ実行と比べてみてください。</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation>不明なプリセット &apos;%1&apos;（既知のもの: %2）</translation>
    </message>
    <message>
        <source>A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler&apos;s defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits.</source>
        <translation>4 層の MLP が、torch.amp.GradScaler の既定値（初期スケール 2^16、正常ステップ 2000 回ごとに x2 で増加、バックオフ x0.5）のもと fp16 で、絡み合う 3 本のスパイラルを学習します。スケールが落ち着き、勾配の指数が fp16 の限界の間に収まる様子を見てください。</translation>
    </message>
</context>
<context>
    <name>PresetParse</name>
    <message>
        <source>expected a JSON object</source>
        <translation>JSON オブジェクトが必要です</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; は文字列でなければなりません</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>名前がありません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an integer within +-1e9</source>
        <translation>&quot;%1&quot; は +-1e9 以内の整数でなければなりません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a JSON object</source>
        <translation>&quot;%1&quot; は JSON オブジェクトでなければなりません</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list one to three of: %2</source>
        <translation>&quot;%1&quot; には次のうち 1〜3 個を挙げなければなりません: %2</translation>
    </message>
</context>
<context>
    <name>StoredRun</name>
    <message>
        <source>run %1: %2</source>
        <translation>実行 %1: %2</translation>
    </message>
    <message>
        <source>run %1 (rank %2): %3</source>
        <translation>実行 %1（ランク %2）: %3</translation>
    </message>
    <message>
        <source>%1 (run %2): %3</source>
        <translation>%1（実行 %2）: %3</translation>
    </message>
</context>
<context>
    <name>UserPresets</name>
    <message>
        <source>%1: larger than 1 MiB, not a preset</source>
        <translation>%1: 1 MiB を超えているためプリセットではありません</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1: 読み込めません（%2）</translation>
    </message>
    <message>
        <source>A preset needs a title.</source>
        <translation>プリセットにはタイトルが必要です。</translation>
    </message>
    <message>
        <source>This configuration cannot be saved: %1</source>
        <translation>この設定は保存できません: %1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>フォルダ %1 を作成できません</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>Cannot delete %1: %2</source>
        <translation>%1 を削除できません: %2</translation>
    </message>
    <message>
        <source>No user preset named &apos;%1&apos;</source>
        <translation>&apos;%1&apos; という名前のユーザー プリセットはありません</translation>
    </message>
    <message>
        <source>%1.json: the name of a built-in preset, skipped</source>
        <translation>%1.json: 組み込みプリセットの名前なのでスキップしました</translation>
    </message>
</context>
<context>
    <name>ampscope::Dataset</name>
    <message>
        <source>Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and train-labels-idx1-ubyte(.gz). Install the Debian package dataset-fashion-mnist or pass --data-dir.</source>
        <translation>Fashion-MNIST が見つかりません: %1 に train-images-idx3-ubyte(.gz) と train-labels-idx1-ubyte(.gz) がありません。Debian パッケージ dataset-fashion-mnist をインストールするか、--data-dir を指定してください。</translation>
    </message>
    <message>
        <source>%1: images are %2x%3, Fashion-MNIST&apos;s are 28x28</source>
        <translation>%1: 画像が %2x%3 です。Fashion-MNIST の画像は 28x28 です</translation>
    </message>
    <message>
        <source>%1: %2 labels for %3 images in %4</source>
        <translation>%1: %4 の %3 枚の画像に対してラベルが %2 個です</translation>
    </message>
    <message>
        <source>%1: label %2 is out of range (Fashion-MNIST has classes 0..9)</source>
        <translation>%1: ラベル %2 は範囲外です（Fashion-MNIST のクラスは 0..9）</translation>
    </message>
    <message>
        <source>unknown dataset &apos;%1&apos; (known: spirals, clusters, fashion-mnist)</source>
        <translation>不明なデータセット &apos;%1&apos;（既知: spirals, clusters, fashion-mnist）</translation>
    </message>
    <message>
        <source>batch size must be at least 1, got %1</source>
        <translation>バッチサイズは 1 以上でなければなりません（指定値 %1）</translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos; is empty</source>
        <translation>データセット &apos;%1&apos; は空です</translation>
    </message>
    <message>
        <source>read error (%1): the file is corrupt or not a gzip/IDX file</source>
        <translation>読み込みエラー（%1）: ファイルが破損しているか、gzip/IDX ファイルではありません</translation>
    </message>
    <message>
        <source>corrupt compressed data (%1)</source>
        <translation>圧縮データが破損しています（%1）</translation>
    </message>
    <message>
        <source>unsupported IDX dimension count</source>
        <translation>サポートされていない IDX の次元数です</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>開けません</translation>
    </message>
    <message>
        <source>truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)</source>
        <translation>途中で切れています: %1 バイトしかなく、4 バイトの IDX マジックナンバーより短いです（空のファイル？）</translation>
    </message>
    <message>
        <source>bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); the file is corrupt or not the right dataset file</source>
        <translation>マジックナンバー %1 が不正です（期待値 %2: IDX、符号なしバイト、%3 次元）。ファイルが破損しているか、正しいデータセットのファイルではありません</translation>
    </message>
    <message>
        <source>truncated inside the IDX header</source>
        <translation>IDX ヘッダーの途中で切れています</translation>
    </message>
    <message>
        <source>dimension %1 is %2 (allowed 1..%3)</source>
        <translation>次元 %1 が %2 です（許容範囲 1..%3）</translation>
    </message>
    <message>
        <source>header claims more than %1 bytes of data</source>
        <translation>ヘッダーが %1 バイトを超えるデータを示しています</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the file holds %2</source>
        <translation>途中で切れています: ヘッダーは %1 バイトのデータを示していますが、ファイルには %2 バイトしかありません</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many</source>
        <translation>途中で切れています: ヘッダーは %1 バイトのデータを示していますが、%2 バイトの圧縮ファイルにはそれだけ入りません</translation>
    </message>
    <message>
        <source>longer than its header says (trailing data after %1 data bytes): the header&apos;s counts do not match the file</source>
        <translation>ヘッダーの記載より長いです（%1 バイトのデータの後に余分なデータ）: ヘッダーの数値がファイルと一致しません</translation>
    </message>
</context>
<context>
    <name>ampscope::GradScalerOptions</name>
    <message>
        <source>GradScaler option %1 = %2 is invalid: %3</source>
        <translation>GradScaler のオプション %1 = %2 は無効です: %3</translation>
    </message>
    <message>
        <source>The growth factor must be &gt; 1.0.</source>
        <translation>増加係数は 1.0 より大きくなければなりません。</translation>
    </message>
    <message>
        <source>The backoff factor must be &lt; 1.0.</source>
        <translation>バックオフ係数は 1.0 より小さくなければなりません。</translation>
    </message>
    <message>
        <source>it must be finite</source>
        <translation>有限の値でなければなりません</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (0 would zero the scale at the first overflow)</source>
        <translation>0 より大きくなければなりません（0 だと最初のオーバーフローでスケールが 0 になります）</translation>
    </message>
    <message>
        <source>it must be finite and &gt; 0</source>
        <translation>有限で 0 より大きくなければなりません</translation>
    </message>
    <message>
        <source>it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)</source>
        <translation>fp32 で表せる値でなければなりません（~1.4e-45 から ~3.4e38 の間）</translation>
    </message>
    <message>
        <source>it must be &gt;= 1</source>
        <translation>1 以上でなければなりません</translation>
    </message>
    <message>
        <source>it must fit the int32 growth tracker</source>
        <translation>int32 の増加カウンタに収まらなければなりません</translation>
    </message>
    <message>
        <source>it must be &gt;= 1 (1 = back off at every overflow)</source>
        <translation>1 以上でなければなりません（1 = オーバーフローのたびにバックオフ）</translation>
    </message>
    <message>
        <source>it must be finite and &gt;= 0 (0 = no floor)</source>
        <translation>有限で 0 以上でなければなりません（0 = 下限なし）</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (inf = no cap)</source>
        <translation>0 より大きくなければなりません（inf = 上限なし）</translation>
    </message>
    <message>
        <source>GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale</source>
        <translation>GradScaler のオプション min_scale = %1 と max_scale = %2 は無効です: min_scale は max_scale を超えてはいけません</translation>
    </message>
    <message>
        <source>GradScaler option init_scale = %1 is invalid: it must lie within [min_scale, max_scale] = [%2, %3]</source>
        <translation>GradScaler のオプション init_scale = %1 は無効です: [min_scale, max_scale] = [%2, %3] の範囲内でなければなりません</translation>
    </message>
</context>
<context>
    <name>ampscope::ModelZoo</name>
    <message>
        <source>unknown model &apos;%1&apos; (known: %2)</source>
        <translation>不明なモデル &apos;%1&apos;（既知: %2）</translation>
    </message>
</context>
<context>
    <name>ampscope::Precision</name>
    <message>
        <source>%1 (emulated)</source>
        <translation>%1（エミュレーション）</translation>
    </message>
</context>
<context>
    <name>ampscope::RunStore</name>
    <message>
        <source>(no space left on the disk)</source>
        <translation>（ディスクに空きがありません）</translation>
    </message>
    <message>
        <source>(the file size limit of %1 bytes was reached, see ulimit -f)</source>
        <translation>（ファイルサイズの上限 %1 バイトに達しました。ulimit -f を参照）</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>作成</translation>
    </message>
    <message>
        <source>setting up</source>
        <translation>初期設定</translation>
    </message>
    <message>
        <source>creating a run in</source>
        <translation>実行の作成</translation>
    </message>
    <message>
        <source>disk full while %1 %2: %3</source>
        <translation>%1中にディスクがいっぱいになりました（%2）: %3</translation>
    </message>
    <message>
        <source>writing to the disk failed</source>
        <translation>ディスクへの書き込みに失敗しました</translation>
    </message>
    <message>
        <source>I/O error while %1 %2: %3</source>
        <translation>%1中に I/O エラーが発生しました（%2）: %3</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (not an SQLite database)</source>
        <translation>%1 は AmpScope のラン ストアではありません（SQLite データベースではありません）</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3</source>
        <translation>%1 は破損しています（%2、%3中）</translation>
    </message>
    <message>
        <source>%1 is locked by another process (%2) while %3</source>
        <translation>%1 は別のプロセスにロックされています（%2、%3中）</translation>
    </message>
    <message>
        <source>%1 was moved or deleted while %2</source>
        <translation>%1 は%2中に移動または削除されました</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3</source>
        <translation>%1 に書き込めません（%2、%3中）</translation>
    </message>
    <message>
        <source>%1 %2 failed: %3</source>
        <translation>%1に失敗しました（%2）: %3</translation>
    </message>
    <message>
        <source>cannot open run store %1: no such file</source>
        <translation>ラン ストア %1 を開けません: ファイルがありません</translation>
    </message>
    <message>
        <source>cannot open run store %1: it is a directory</source>
        <translation>ラン ストア %1 を開けません: ディレクトリです</translation>
    </message>
    <message>
        <source>cannot open run store %1: %2</source>
        <translation>ラン ストア %1 を開けません: %2</translation>
    </message>
    <message>
        <source>cannot create run store %1: %2</source>
        <translation>ラン ストア %1 を作成できません: %2</translation>
    </message>
    <message>
        <source>%1 is an empty database, not an AmpScope run store</source>
        <translation>%1 は空のデータベースで、AmpScope のラン ストアではありません</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (an SQLite database with tables: %2)</source>
        <translation>%1 は AmpScope のラン ストアではありません（テーブル %2 を持つ SQLite データベース）</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (its meta table names the application &apos;%2&apos;)</source>
        <translation>%1 は AmpScope のラン ストアではありません（meta テーブルにはアプリケーション &apos;%2&apos; とあります）</translation>
    </message>
    <message>
        <source>%1 is damaged: schema_version &apos;%2&apos; is not a number</source>
        <translation>%1 は破損しています: schema_version &apos;%2&apos; が数値ではありません</translation>
    </message>
    <message>
        <source>%1 was written by a newer AmpScope (schema %2, this build reads %3)</source>
        <translation>%1 は新しい AmpScope で書かれています（スキーマ %2、このビルドが読めるのは %3）</translation>
    </message>
    <message>
        <source>%1 has an unknown schema version %2</source>
        <translation>%1 のスキーマバージョン %2 は不明です</translation>
    </message>
    <message>
        <source>%1 is damaged: table &apos;%2&apos; is missing</source>
        <translation>%1 は破損しています: テーブル &apos;%2&apos; がありません</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot create a run</source>
        <translation>%1 は読み取り専用で開かれています: 実行を作成できません</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot append steps</source>
        <translation>%1 は読み取り専用で開かれています: ステップを追加できません</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot set a status</source>
        <translation>%1 は読み取り専用で開かれています: 状態を設定できません</translation>
    </message>
    <message>
        <source>run %1 in %2 has an unreadable configuration: %3</source>
        <translation>%2 の実行 %1 の設定を読み取れません: %3</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 has a gap in its layer ids</source>
        <translation>%1 は破損しています: 実行 %2 のレイヤー ID に欠番があります</translation>
    </message>
    <message>
        <source>%1 is damaged: layer %2 has an unreadable shape</source>
        <translation>%1 は破損しています: レイヤー %2 の形状を読み取れません</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 step %3: %4</source>
        <translation>%1 は破損しています: 実行 %2 のステップ %3: %4</translation>
    </message>
    <message>
        <source>unknown scale change reason &apos;%1&apos;</source>
        <translation>不明なスケール変更理由 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>layer statistics without a step row</source>
        <translation>ステップ行のないレイヤー統計</translation>
    </message>
    <message>
        <source>statistics for layer %1, the run has %2 layers</source>
        <translation>レイヤー %1 の統計がありますが、この実行のレイヤーは %2 個です</translation>
    </message>
    <message>
        <source>unreadable histogram</source>
        <translation>ヒストグラムを読み取れません</translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</source>
        <translation>
            <numerusform>%1 への記録を停止しました: %2（%n ステップを保存済み、ステップ %3 まで）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved)</source>
        <translation>
            <numerusform>%1 への記録を停止しました: %2（%n ステップを保存済み）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while recording</source>
        <translation>%1 は記録中に削除または置き換えられました</translation>
    </message>
    <message>
        <source>unexpected error: %1</source>
        <translation>予期しないエラー: %1</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>予期しないエラー</translation>
    </message>
    <message>
        <source>recording to %1 could not be closed: %2</source>
        <translation>%1 への記録を閉じられませんでした: %2</translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation>読み込みは取り消されました</translation>
    </message>
    <message>
        <source>upgrading</source>
        <translation>ファイル形式の更新</translation>
    </message>
    <message>
        <source>the disk cannot keep up (%1 steps waited to be written)</source>
        <translation>ディスクの書き込みが追いつきません（%1 ステップが書き込みを待機しました）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2: its runs have no names (ampscope runs lists their ids)</source>
        <translation>%2 に &apos;%1&apos; という名前の実行はありません: 実行には名前がありません（ampscope runs で ID を一覧できます）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 (its runs&apos; names: %3)</source>
        <translation>%2 に &apos;%1&apos; という名前の実行はありません（実行の名前: %3）</translation>
    </message>
    <message>
        <source>%1 runs are named &apos;%2&apos; in %3 (runs %4): give one&apos;s id</source>
        <translation>%3 では %1 個の実行が &apos;%2&apos; という名前です（実行 %4）: どれか 1 つの ID を指定してください</translation>
    </message>
</context>
<context>
    <name>ampscope::SessionConfig</name>
    <message>
        <source>(not UTF-8)</source>
        <translation>（UTF-8 ではありません）</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>%1 のいずれかでなければなりません</translation>
    </message>
    <message>
        <source>model %1 trains on %2 only</source>
        <translation>モデル %1 は %2 でのみ学習します</translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation>%1 の範囲内でなければなりません</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = off)</source>
        <translation>0 以上でなければなりません（0 = オフ）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = never)</source>
        <translation>0 以上でなければなりません（0 = なし）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = until stopped)</source>
        <translation>0 以上でなければなりません（0 = 停止するまで）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 steps/s (0 = none)</source>
        <translation>0 ステップ/秒 以上でなければなりません（0 = 制限なし）</translation>
    </message>
    <message>
        <source>must satisfy %1 &lt;= lo &lt; hi &lt;= %2</source>
        <translation>%1 &lt;= lo &lt; hi &lt;= %2 を満たさなければなりません</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run); rename the directory or point a symbolic link with a UTF-8 name at it</source>
        <translation>有効な UTF-8 テキストでなければなりません（実行と一緒に保存されます）。ディレクトリの名前を変えるか、UTF-8 の名前のシンボリックリンクをそこに向けてください</translation>
    </message>
    <message>
        <source>the layer name must be valid UTF-8 text</source>
        <translation>レイヤー名は有効な UTF-8 テキストでなければなりません</translation>
    </message>
    <message>
        <source>needs a layer name or &apos;loss&apos;</source>
        <translation>レイヤー名か &apos;loss&apos; が必要です</translation>
    </message>
    <message>
        <source>the step must be &gt;= 0</source>
        <translation>ステップは 0 以上でなければなりません</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; must be an integer</source>
        <translation>セッション設定: &quot;%1&quot; は整数でなければなりません</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [%3, %4]</source>
        <translation>セッション設定: &quot;%1&quot; = %2 は [%3, %4] の整数でなければなりません</translation>
    </message>
    <message>
        <source>session config: not a JSON object</source>
        <translation>セッション設定: JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>session config: unknown %1 &apos;%2&apos;</source>
        <translation>セッション設定: 不明な%1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>オプティマイザ</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [0, 2^64)</source>
        <translation>セッション設定: &quot;%1&quot; = %2 は [0, 2^64) の整数でなければなりません</translation>
    </message>
    <message>
        <source>histogram target format</source>
        <translation>ヒストグラムの対象フォーマット</translation>
    </message>
    <message>
        <source>fault kind</source>
        <translation>障害の種類</translation>
    </message>
    <message>
        <source>session config: %1</source>
        <translation>セッション設定: %1</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run)</source>
        <translation>有効な UTF-8 テキストでなければなりません（実行と一緒に保存されます）</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>%1 文字以内でなければなりません</translation>
    </message>
    <message>
        <source>must be one line of text, without tabs or control characters</source>
        <translation>タブや制御文字を含まない 1 行のテキストでなければなりません</translation>
    </message>
</context>
<context>
    <name>ampscope::TrainingSession</name>
    <message>
        <source>%1: out of memory. The session has ended; a smaller --batch-size or --accumulate, a smaller model or the CPU (--device cpu) needs less, and a new session starts clean.</source>
        <translation>%1: メモリ不足です。セッションは終了しました。--batch-size や --accumulate を小さくするか、より小さいモデルか CPU（--device cpu）を使えば必要なメモリは減ります。新しいセッションはまっさらな状態で始まります。</translation>
    </message>
    <message>
        <source>unknown error (not a std::exception)</source>
        <translation>不明なエラー（std::exception ではありません）</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available (this LibTorch has no CUDA support, or no GPU was found); use --device cpu or auto</source>
        <translation>--device cuda: 使用できる CUDA デバイスがありません（この LibTorch は CUDA 非対応か、GPU が見つかりません）。--device cpu か auto を使ってください</translation>
    </message>
    <message>
        <source>model %1 has no layer named &apos;%2&apos; (allowed: %3)</source>
        <translation>モデル %1 には &apos;%2&apos; という名前のレイヤーがありません（指定可能: %3）</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>scaler settings not applied: %1</source>
        <translation>スケーラーの設定は適用されませんでした: %1</translation>
    </message>
    <message>
        <source>speed limit %1 not applied: it must be &gt;= 0</source>
        <translation>速度制限 %1 は適用されませんでした: 0 以上でなければなりません</translation>
    </message>
    <message>
        <source>scale %1 not applied: it must be finite, &gt; 0 and fit fp32</source>
        <translation>スケール %1 は適用されませんでした: 有限で 0 より大きく、fp32 に収まらなければなりません</translation>
    </message>
    <message>
        <source>scale not applied: %1</source>
        <translation>スケールは適用されませんでした: %1</translation>
    </message>
    <message>
        <source>fault injection: no layer named &apos;%1&apos;</source>
        <translation>障害注入: &apos;%1&apos; という名前のレイヤーはありません</translation>
    </message>
    <message>
        <source>the loss scale has reached 0: every gradient is now 0 or NaN, so no step can succeed and the scale cannot recover (0 is absorbing). Set a min scale (e.g. 1) or reset the run.</source>
        <translation>損失スケールが 0 になりました: すべての勾配が 0 か NaN になるため、どのステップも成功せず、スケールも回復できません（0 は吸収状態です）。最小スケール（例: 1）を設定するか、実行をリセットしてください。</translation>
    </message>
    <message>
        <source>the loss scale is held at its floor, min scale = %1: steps are skipped for as long as the gradients overflow even at this scale.</source>
        <translation>損失スケールが下限の最小スケール = %1 で保持されています: このスケールでも勾配がオーバーフローする間は、ステップがスキップされます。</translation>
    </message>
    <message>
        <source>started on %1, %2</source>
        <translation>%1 で開始、%2</translation>
    </message>
    <message numerus="yes">
        <source>finished after %n steps</source>
        <translation>
            <numerusform>%n ステップで終了</numerusform>
        </translation>
    </message>
    <message>
        <source>training stopped at step %1: %2</source>
        <translation>ステップ %1 で学習が止まりました: %2</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n steps</source>
        <translation>
            <numerusform>%n ステップで停止</numerusform>
        </translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded</source>
        <translation>記録を停止しました: %1。学習は記録なしで続きます</translation>
    </message>
    <message>
        <source>the run store was closed</source>
        <translation>ラン ストアが閉じられました</translation>
    </message>
    <message>
        <source>learning rate %1 not applied: it must be in %2</source>
        <translation>学習率 %1 は適用されませんでした: %2 の範囲内でなければなりません</translation>
    </message>
    <message>
        <source>clip norm %1 not applied: it must be in %2 (0 = off)</source>
        <translation>クリップのノルム %1 は適用されませんでした: %2 の範囲内でなければなりません（0 = オフ）</translation>
    </message>
    <message>
        <source>accumulation %1 not applied: it must be a whole number in %2</source>
        <translation>勾配累積 %1 は適用されませんでした: %2 の整数でなければなりません</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::AboutDialog</name>
    <message>
        <source>About AmpScope</source>
        <translation>AmpScope について</translation>
    </message>
    <message>
        <source>See what mixed-precision training does to gradients.</source>
        <translation>混合精度学習が勾配に何をするかを見る。</translation>
    </message>
    <message>
        <source>Built with LibTorch %1 and Qt %2; running on Qt %3.</source>
        <translation>LibTorch %1 と Qt %2 でビルド。Qt %3 で動作中。</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（記録しません）</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>フォルダを開く</translation>
    </message>
    <message>
        <source>Runs are recorded in:</source>
        <translation>実行の記録先:</translation>
    </message>
    <message>
        <source>Your presets are saved in:</source>
        <translation>プリセットの保存先:</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ControlPanel</name>
    <message>
        <source>Preset</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <source>(presets unavailable: %1)</source>
        <translation>（プリセットを利用できません: %1）</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>プリセットを読み込む</translation>
    </message>
    <message>
        <source>Replace the run with this preset (resets the training)</source>
        <translation>現在の実行をこのプリセットで置き換えます（学習をリセット）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the current settings as your own preset</source>
        <translation>現在の設定を自分のプリセットとして保存します</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Delete this preset (only presets you saved can be deleted)</source>
        <translation>このプリセットを削除します（削除できるのは自分で保存したものだけです）</translation>
    </message>
    <message>
        <source>View</source>
        <translation>表示</translation>
    </message>
    <message>
        <source>Unscaled histogram (−log₂ S)</source>
        <translation>スケール解除ヒストグラム（−log₂ S）</translation>
    </message>
    <message>
        <source>Show the true gradients g/S instead of what fp16 held (g scaled by S)</source>
        <translation>fp16 が保持していた値（S でスケールされた g）ではなく、真の勾配 g/S を表示します</translation>
    </message>
    <message>
        <source>Run (applies on Reset)</source>
        <translation>実行（リセット時に適用）</translation>
    </message>
    <message>
        <source>spiral-mlp (4 layers, spirals)</source>
        <translation>spiral-mlp（4 層、スパイラル）</translation>
    </message>
    <message>
        <source>deep-mlp (13 layers, clusters)</source>
        <translation>deep-mlp（13 層、クラスタ）</translation>
    </message>
    <message>
        <source>fashion-cnn (Fashion-MNIST)</source>
        <translation>fashion-cnn（Fashion-MNIST）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>auto (CUDA when available)</source>
        <translation>auto（利用可能なら CUDA）</translation>
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
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>オプティマイザ</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>バッチサイズ</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Changed: these settings need a new model and data. The run goes on with the old ones until you reset.</source>
        <translation>変更あり: これらの設定には新しいモデルとデータが必要です。リセットするまで、実行は古い設定のまま続きます。</translation>
    </message>
    <message>
        <source>Reset to apply (Ctrl+R)</source>
        <translation>リセットして適用（Ctrl+R）</translation>
    </message>
    <message>
        <source>Build a new session with these settings; the current run ends</source>
        <translation>これらの設定で新しいセッションを作成します。現在の実行は終了します</translation>
    </message>
    <message>
        <source>Training (live)</source>
        <translation>学習（ライブ）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学習率</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>clip_grad_norm_ to this total norm (0 = off). Applies at the next step.</source>
        <translation>この全体ノルムに clip_grad_norm_ を適用（0 = オフ）。次のステップから有効。</translation>
    </message>
    <message>
        <source>unscale first</source>
        <translation>先に unscale</translation>
    </message>
    <message>
        <source>Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, the classic bug that shrinks every update by the scale.</source>
        <translation>クリッピングの前に scaler.unscale_ を呼びます（正しい方法）。チェックなし: スケールされた勾配をクリップする典型的なバグで、毎回の更新がスケール分だけ縮みます。</translation>
    </message>
    <message>
        <source>Clip norm</source>
        <translation>クリップのノルム</translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before one optimizer step. Applies at the next step.</source>
        <translation>1 回のオプティマイザのステップまでに勾配を足し合わせるマイクロバッチ数。次のステップから有効。</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>勾配累積</translation>
    </message>
    <message>
        <source>Steps per second (far left: as fast as the machine goes)</source>
        <translation>1 秒あたりのステップ数（左端: マシンの最高速度）</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>無制限</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>速度制限</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /秒</translation>
    </message>
    <message>
        <source>Fault injection</source>
        <translation>障害注入</translation>
    </message>
    <message>
        <source>The layer whose weight gradient gets ~1% inf/NaN elements (&apos;loss&apos;: the loss itself)</source>
        <translation>重み勾配の約 1% の要素が inf/NaN になるレイヤー（&apos;loss&apos;: 損失そのもの）</translation>
    </message>
    <message>
        <source>Inject now</source>
        <translation>今すぐ注入</translation>
    </message>
    <message>
        <source>Poison the next step&apos;s gradient (Ctrl+I)</source>
        <translation>次のステップの勾配を汚染します（Ctrl+I）</translation>
    </message>
    <message>
        <source>Loss scaler (live)</source>
        <translation>損失スケーラー（ライブ）</translation>
    </message>
    <message>
        <source>Loss scaler (off in this run)</source>
        <translation>損失スケーラー（この実行ではオフ）</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（自分用）</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>スキップ: %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::Dashboard</name>
    <message>
        <source>All charts</source>
        <translation>すべてのグラフ</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>損失スケール</translation>
    </message>
    <message>
        <source>Under/overflow</source>
        <translation>アンダー/オーバーフロー</translation>
    </message>
    <message>
        <source>Exponents</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>Layer over time</source>
        <translation>レイヤーの推移</translation>
    </message>
    <message>
        <source>Next chart page</source>
        <translation>次のグラフページ</translation>
    </message>
    <message>
        <source>Previous chart page</source>
        <translation>前のグラフページ</translation>
    </message>
    <message>
        <source>Chart page %1</source>
        <translation>グラフページ %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::EventLog</name>
    <message>
        <source>What the scaler decided and why. Click a line to show that step in the charts.</source>
        <translation>スケーラーが何を決めたか、その理由。行をクリックすると、そのステップをグラフに表示します。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ExportDialog</name>
    <message>
        <source>Export %1</source>
        <translation>%1 を書き出す</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .pdf or .svg (vector).</source>
        <translation>拡張子で形式が決まります: .png、.pdf、.svg（ベクター）。</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>幅</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高さ</translation>
    </message>
    <message>
        <source>PNG only: pixels per unit (2 gives a sharp figure at the same layout)</source>
        <translation>PNG のみ: 単位あたりのピクセル数（2 にすると同じレイアウトで鮮明な図になります）</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG の倍率</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation>PNG 画像 (*.png);;PDF (*.pdf);;SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::FollowController</name>
    <message>
        <source>--follow: the group name after &apos;group=&apos; is empty</source>
        <translation>--follow: &apos;group=&apos; の後のグループ名が空です</translation>
    </message>
    <message>
        <source>%1 has no run %2</source>
        <translation>%1 に実行 %2 はありません</translation>
    </message>
    <message>
        <source>%1 does not exist (any more): waiting for it</source>
        <translation>%1 が存在しません（削除された可能性があります）: 現れるのを待っています</translation>
    </message>
    <message>
        <source>no runs in %1 yet: waiting</source>
        <translation>%1 にはまだ実行がありません: 待機中</translation>
    </message>
    <message>
        <source>no runs of group &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 にはまだグループ &apos;%1&apos; の実行がありません: 待機中</translation>
    </message>
    <message>
        <source>AmpScope — following run %1 of %2</source>
        <translation>AmpScope — %2 の実行 %1 を追跡中</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>ランク %1</translation>
    </message>
    <message>
        <source>following %1 — %2</source>
        <translation>%1 を追跡中 — %2</translation>
    </message>
    <message>
        <source>following %1 — opening</source>
        <translation>%1 を追跡中 — 開いています</translation>
    </message>
    <message numerus="yes">
        <source>%n steps</source>
        <translation>
            <numerusform>%n ステップ</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ranks, %2</source>
        <translation>%1 ランク、%2</translation>
    </message>
    <message>
        <source>live, %1</source>
        <translation>ライブ、%1</translation>
    </message>
    <message>
        <source>finished, %1</source>
        <translation>終了、%1</translation>
    </message>
    <message>
        <source>stopped, %1</source>
        <translation>停止、%1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>エラー: %1</translation>
    </message>
    <message>
        <source>writer stopped, %1</source>
        <translation>書き込みプロセスが停止、%1</translation>
    </message>
    <message>
        <source>writer stopped (no sign of life for %1 s), %2</source>
        <translation>書き込みプロセスが停止（%1 秒間応答なし）、%2</translation>
    </message>
    <message numerus="yes">
        <source> · ranks disagree at %n step(s)</source>
        <translation>
            <numerusform> · %n ステップでランク間が不一致</numerusform>
        </translation>
    </message>
    <message>
        <source> · a newer run %1 is in the file</source>
        <translation> · ファイルに新しい実行 %1 があります</translation>
    </message>
    <message>
        <source>Following run %1 of %2 (%3 · %4), written by another process: %5. Back to the live run stops following.</source>
        <translation>%2 の実行 %1 を追跡中（%3 · %4、別のプロセスが書き込み中）: %5。「ライブ実行に戻る」で追跡を終了します。</translation>
    </message>
    <message>
        <source>Follow a run store</source>
        <translation>追跡するラン ストアを開く</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope ラン ストア (*.sqlite *.ampscope *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Follow a run (the newest also follows the runs that come after it; a run of a group shows its ranks side by side)</source>
        <translation>実行を追跡（最新の実行ならその後の実行も追跡し、グループの実行ならそのグループのランクを並べて表示します）</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>追跡</translation>
    </message>
    <message>
        <source>step %1: ranks disagree: %2</source>
        <translation>ステップ %1: ランク間で不一致: %2</translation>
    </message>
    <message>
        <source>ranks disagree</source>
        <translation>ランク間の不一致</translation>
    </message>
    <message>
        <source>--follow: expected FILE, FILE:RUN, FILE:NAME or FILE:group=NAME, got &apos;%1&apos;</source>
        <translation>--follow: FILE、FILE:RUN、FILE:NAME または FILE:group=NAME の形式が必要です（指定値: &apos;%1&apos;）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 にはまだ &apos;%1&apos; という名前の実行がありません: 待機中</translation>
    </message>
    <message>
        <source>%1:%2 (run %3)</source>
        <translation>%1:%2（実行 %3）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::HistogramHeatmap</name>
    <message>
        <source>zero</source>
        <translation>ゼロ</translation>
    </message>
    <message>
        <source>Gradient exponents per layer</source>
        <translation>レイヤーごとの勾配の指数</translation>
    </message>
    <message>
        <source>no step yet</source>
        <translation>まだステップがありません</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ (scaled, as backward produced it)</source>
        <translation>2 進指数 e = ⌊log₂|g|⌋（スケール済み、backward の出力どおり）</translation>
    </message>
    <message>
        <source>share of the tensor&apos;s elements</source>
        <translation>テンソルの要素に占める割合</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>セッションなし</translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation>最初のステップを待っています</translation>
    </message>
    <message>
        <source>binary exponent of the unscaled gradient g/S = e − log₂ S</source>
        <translation>スケール解除した勾配 g/S の 2 進指数 = e − log₂ S</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ of the scaled gradient</source>
        <translation>スケール済み勾配の 2 進指数 e = ⌊log₂|g|⌋</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>ステップ %1</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>ステップをスキップ</translation>
    </message>
    <message>
        <source>unscaled view</source>
        <translation>スケール解除表示</translation>
    </message>
    <message>
        <source>bias rows hidden</source>
        <translation>バイアスの行は非表示</translation>
    </message>
    <message>
        <source> (unscaled: %1)</source>
        <translation>（スケール解除: %1）</translation>
    </message>
    <message>
        <source>exponent ≤ %1%2</source>
        <translation>指数 ≤ %1%2</translation>
    </message>
    <message>
        <source>exponent ≥ %1%2</source>
        <translation>指数 ≥ %1%2</translation>
    </message>
    <message>
        <source>exponent %1: |g| in [2^%1, 2^%2)%3</source>
        <translation>指数 %1: |g| は [2^%1, 2^%2) の範囲%3</translation>
    </message>
    <message>
        <source>%1
no statistics at this step</source>
        <translation>%1
このステップの統計はありません</translation>
    </message>
    <message>
        <source>%1 — %2
%3 of %4 elements (%5%)</source>
        <translation>%1 — %2
%4 個中 %3 個の要素（%5%）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerCountsPlot</name>
    <message>
        <source>Underflow / overflow per layer over steps</source>
        <translation>レイヤーごとのアンダーフロー / オーバーフローの推移</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>アンダーフロー</translation>
    </message>
    <message>
        <source>Overflow + non-finite</source>
        <translation>オーバーフロー + 非有限値</translation>
    </message>
    <message>
        <source>Underflow: elements nonzero in an fp32 reference backward but zero here (reference steps only). Overflow: NaN and inf elements and finite ones beyond the format&apos;s maximum.</source>
        <translation>アンダーフロー: fp32 の参照 backward では非ゼロなのにここではゼロになった要素（参照ステップのみ）。オーバーフロー: NaN と inf の要素、およびフォーマットの最大値を超える有限値。</translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>パーセント</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>個数</translation>
    </message>
    <message>
        <source>Weight gradients</source>
        <translation>重みの勾配</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>活性化の勾配</translation>
    </message>
    <message>
        <source>step %1: first offender %2</source>
        <translation>ステップ %1: 最初の発生源 %2</translation>
    </message>
    <message>
        <source>%1, step %2: %3%</source>
        <translation>%1、ステップ %2: %3%</translation>
    </message>
    <message>
        <source>%1, step %2: %3 elements</source>
        <translation>%1、ステップ %2: %3 要素</translation>
    </message>
    <message>
        <source>% of elements</source>
        <translation>要素の %</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>要素数</translation>
    </message>
    <message>
        <source>no activation gradients in this run</source>
        <translation>この実行には活性化の勾配がありません</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>レイヤーがありません</translation>
    </message>
    <message>
        <source>not available in replay</source>
        <translation>再生では利用できません</translation>
    </message>
    <message>
        <source>waiting for statistics</source>
        <translation>統計を待っています</translation>
    </message>
    <message>
        <source>underflow is measured on reference steps only (reference every k steps &gt; 0)</source>
        <translation>アンダーフローは参照ステップでのみ測定されます（k ステップごとの参照、k &gt; 0）</translation>
    </message>
    <message>
        <source>steps %1–%2%3</source>
        <translation>ステップ %1–%2%3</translation>
    </message>
    <message>
        <source> (%1 steps per column, largest shown)</source>
        <translation>（1 列あたり %1 ステップ、最大値を表示）</translation>
    </message>
    <message>
        <source> · replay: a sample of %1 of %2 statistics steps</source>
        <translation> · 再生: 統計ステップ %2 件のうち %1 件の標本</translation>
    </message>
    <message>
        <source> · grey: measured, none</source>
        <translation> · 灰色: 計測済み、なし</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerHistoryHeatmap</name>
    <message>
        <source>Selected layer over time</source>
        <translation>選択したレイヤーの推移</translation>
    </message>
    <message>
        <source>select a layer in the table or the histogram</source>
        <translation>表かヒストグラムでレイヤーを選んでください</translation>
    </message>
    <message>
        <source>exponent e of the scaled gradient</source>
        <translation>スケール済み勾配の指数 e</translation>
    </message>
    <message>
        <source>share of elements</source>
        <translation>要素の割合</translation>
    </message>
    <message>
        <source>%1 · waiting for statistics</source>
        <translation>%1 · 統計を待っています</translation>
    </message>
    <message>
        <source>exponent of the unscaled gradient g/S</source>
        <translation>スケール解除した勾配 g/S の指数</translation>
    </message>
    <message>
        <source>%1 · steps %2–%3%4</source>
        <translation>%1 · ステップ %2–%3%4</translation>
    </message>
    <message>
        <source> (%1 steps per column)</source>
        <translation>（1 列あたり %1 ステップ）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerTableModel</name>
    <message>
        <source>Layer</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>ゼロ</translation>
    </message>
    <message>
        <source>Subnormal</source>
        <translation>非正規化数</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>アンダーフロー</translation>
    </message>
    <message>
        <source>Inf/NaN</source>
        <translation>Inf/NaN</translation>
    </message>
    <message>
        <source>max |g|</source>
        <translation>最大 |g|</translation>
    </message>
    <message>
        <source>First offender</source>
        <translation>最初の発生源</translation>
    </message>
    <message>
        <source>Share of the gradient&apos;s elements that are exactly zero (underflow or a dead unit)</source>
        <translation>勾配の要素のうち厳密にゼロであるものの割合（アンダーフローまたは死んだユニット）</translation>
    </message>
    <message>
        <source>Share of nonzero elements below fp16&apos;s smallest normal 2^-14 (precision is lost there)</source>
        <translation>fp16 の最小の正規化数 2^-14 を下回る非ゼロ要素の割合（そこでは精度が失われます）</translation>
    </message>
    <message>
        <source>Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; measured every reference_every steps)</source>
        <translation>fp32 の参照 backward では非ゼロなのに、ここではゼロになっている要素の割合（最後に測定したステップ。reference_every ステップごとに測定）</translation>
    </message>
    <message>
        <source>Count of NaN, +inf and -inf elements at this step</source>
        <translation>このステップの NaN、+inf、-inf 要素の数</translation>
    </message>
    <message>
        <source>Largest finite magnitude of the scaled gradient</source>
        <translation>スケール済み勾配の有限な絶対値の最大値</translation>
    </message>
    <message>
        <source>The first layer to go non-finite in backward order, and how often it was</source>
        <translation>backward の順で最初に非有限になったレイヤーと、その回数</translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation>ステップ %1 で</translation>
    </message>
    <message>
        <source>%1×, last step %2</source>
        <translation>%1 回、最後はステップ %2</translation>
    </message>
    <message>
        <source>Not measured yet (needs an fp32 reference backward: reference_every &gt; 0)</source>
        <translation>未測定（fp32 の参照 backward が必要: reference_every &gt; 0）</translation>
    </message>
    <message>
        <source>%1 elements lost at step %2, carrying %3% of the gradient mass</source>
        <translation>ステップ %2 で %1 個の要素が失われ、勾配の総量の %3% を占めていました</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LossPlot</name>
    <message>
        <source>Training loss</source>
        <translation>学習損失</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation>スキップされたステップ</translation>
    </message>
    <message>
        <source>cross-entropy loss (log)</source>
        <translation>交差エントロピー損失（対数目盛）</translation>
    </message>
    <message>
        <source>loss (log)</source>
        <translation>損失（対数目盛）</translation>
    </message>
    <message>
        <source>cross-entropy loss</source>
        <translation>交差エントロピー損失</translation>
    </message>
    <message>
        <source>skipped step or non-finite loss</source>
        <translation>スキップされたステップまたは非有限の損失</translation>
    </message>
    <message>
        <source>non-finite loss</source>
        <translation>非有限の損失</translation>
    </message>
    <message>
        <source>no loss: the script gave probe.step() none</source>
        <translation>損失なし: スクリプトが probe.step() に損失を渡していません</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::MainWindow</name>
    <message>
        <source>Following the newest step</source>
        <translation>最新のステップを追跡中</translation>
    </message>
    <message>
        <source>Follow newest step</source>
        <translation>最新のステップを追跡</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>コントロール</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>What the scaler did</source>
        <translation>スケーラーの動作</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Export &amp;dashboard…</source>
        <translation>ダッシュボードを書き出す(&amp;D)…</translation>
    </message>
    <message>
        <source>Export &amp;chart</source>
        <translation>グラフを書き出す(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>Start / resume</source>
        <translation>開始 / 再開</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Step once</source>
        <translation>1 ステップ実行</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>リセット</translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation>開始 / 一時停止</translation>
    </message>
    <message>
        <source>Load &amp;preset</source>
        <translation>プリセットを読み込む(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>ダークテーマ(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode (large fonts, thick lines)</source>
        <translation>プレゼンテーションモード（大きな文字、太い線）(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Follow the newest step</source>
        <translation>最新のステップを追跡(&amp;F)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>適用されませんでした: %1</translation>
    </message>
    <message>
        <source>Following the newest step (click a line in the event log to look at a step)</source>
        <translation>最新のステップを追跡中（イベントログの行をクリックするとそのステップを表示）</translation>
    </message>
    <message>
        <source>Showing step %1</source>
        <translation>ステップ %1 を表示中</translation>
    </message>
    <message>
        <source>Showing step %1 (per-layer statistics from step %2, the nearest kept)</source>
        <translation>ステップ %1 を表示中（レイヤー別統計は保持されている最も近いステップ %2 のもの）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 steps · </source>
        <translation>%1 · %2 · %3 ステップ · </translation>
    </message>
    <message>
        <source>no loss scaling</source>
        <translation>損失スケーリングなし</translation>
    </message>
    <message>
        <source> · overlay %1</source>
        <translation> · 重ね表示 %1</translation>
    </message>
    <message>
        <source> · %1 lr %2 · batch %3</source>
        <translation> · %1 学習率 %2 · バッチ %3</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
    <message>
        <source>dashboard</source>
        <translation>ダッシュボード</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>書き出しに失敗しました</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 を書き出しました</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>実行を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Replay a run from a run store (recorded here or by &apos;ampscope record&apos;)</source>
        <translation>ラン ストアの実行を再生します（ここで記録したもの、または &apos;ampscope record&apos; で記録したもの）</translation>
    </message>
    <message>
        <source>O&amp;verlay a run…</source>
        <translation>実行を重ねて表示(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Remove the overlay</source>
        <translation>重ね表示を解除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Back to the live run</source>
        <translation>ライブ実行に戻る(&amp;B)</translation>
    </message>
    <message>
        <source>Export the visible range as C&amp;SV…</source>
        <translation>表示範囲を CSV で書き出す(&amp;S)…</translation>
    </message>
    <message>
        <source>Back to the live run</source>
        <translation>ライブ実行に戻る</translation>
    </message>
    <message>
        <source>AmpScope — replaying run %1 from %2</source>
        <translation>AmpScope — %2 の実行 %1 を再生中</translation>
    </message>
    <message>
        <source>AmpScope — run %1 (recording to %2)</source>
        <translation>AmpScope — 実行 %1（%2 に記録中）</translation>
    </message>
    <message>
        <source>Open a run store</source>
        <translation>ラン ストアを開く</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope ラン ストア (*.sqlite *.ampscope *.db);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Replay a run</source>
        <translation>実行を再生</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Cannot replay the run</source>
        <translation>実行を再生できません</translation>
    </message>
    <message>
        <source>Overlay a run from a run store</source>
        <translation>ラン ストアの実行を重ねて表示</translation>
    </message>
    <message>
        <source>Overlay a run on the loss and scale charts</source>
        <translation>損失とスケールのグラフに実行を重ねて表示</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>重ねて表示</translation>
    </message>
    <message>
        <source>Cannot overlay the run</source>
        <translation>実行を重ねて表示できません</translation>
    </message>
    <message>
        <source>Export the visible steps %1–%2 as CSV</source>
        <translation>表示中のステップ %1–%2 を CSV で書き出す</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1 steps to %2</source>
        <translation>%1 ステップを %2 に書き出しました</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>システムの既定（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>キーボードショートカット(&amp;K)…</translation>
    </message>
    <message>
        <source>Some user presets were skipped: %1</source>
        <translation>一部のユーザー プリセットはスキップされました: %1</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>マイ プリセット</translation>
    </message>
    <message>
        <source>%1 (my settings)</source>
        <translation>%1（自分の設定）</translation>
    </message>
    <message>
        <source>Preset not saved</source>
        <translation>プリセットは保存されませんでした</translation>
    </message>
    <message>
        <source>Saved preset &apos;%1&apos; in %2</source>
        <translation>プリセット &apos;%1&apos; を %2 に保存しました</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>プリセットを削除</translation>
    </message>
    <message>
        <source>Delete your preset &apos;%1&apos;?</source>
        <translation>プリセット &apos;%1&apos; を削除しますか？</translation>
    </message>
    <message>
        <source>Preset not deleted</source>
        <translation>プリセットは削除されませんでした</translation>
    </message>
    <message>
        <source> or </source>
        <translation> または </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>&amp;Follow a run…</source>
        <translation>実行を追跡(&amp;F)…</translation>
    </message>
    <message>
        <source>Formats what-if</source>
        <translation>フォーマットの what-if</translation>
    </message>
    <message>
        <source>Export the formats what-if</source>
        <translation>フォーマットの what-if を書き出す</translation>
    </message>
    <message>
        <source>There are no per-layer statistics to export yet.</source>
        <translation>書き出せるレイヤー別統計はまだありません。</translation>
    </message>
    <message>
        <source>Export the formats what-if of step %1 as CSV</source>
        <translation>ステップ %1 のフォーマットの what-if を CSV で書き出す</translation>
    </message>
    <message>
        <source>Wrote the what-if of step %1 (%2 rows) to %3</source>
        <translation>ステップ %1 の what-if（%2 行）を %3 に書き出しました</translation>
    </message>
    <message>
        <source>&amp;About AmpScope</source>
        <translation>AmpScope について(&amp;A)</translation>
    </message>
    <message>
        <source>Export the formats &amp;what-if as CSV…</source>
        <translation>フォーマットの what-if を CSV で書き出す(&amp;W)…</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全画面(&amp;U)</translation>
    </message>
    <message>
        <source>The run&apos;s own format</source>
        <translation>実行自身のフォーマット</translation>
    </message>
    <message>
        <source>GradScaler (init %1, interval %2)</source>
        <translation>GradScaler（初期 %1、間隔 %2）</translation>
    </message>
    <message>
        <source>Format li&amp;mits drawn</source>
        <translation>描画するフォーマットの限界(&amp;M)</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>ステップ %1</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>ステップ %1–%2</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no step skipped, the scale never changed</source>
        <translation>%1: 特記事項なし: スキップしたステップはなく、スケールは一度も変わっていません</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no loss scaling, and no gradient went non-finite</source>
        <translation>%1: 特記事項なし: ロス スケーリングなし、非有限になった勾配もありません</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ReplayController</name>
    <message>
        <source>Opening run %1 of %2</source>
        <translation>%2 の実行 %1 を開いています</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: reading statistics</source>
        <translation>%2 の実行 %1 を開いています: 統計を読み込み中</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: %3 of %4 steps</source>
        <translation>%2 の実行 %1 を開いています: %4 ステップ中 %3</translation>
    </message>
    <message>
        <source>Replaying run %1 from %2 (read-only: %3 · %4 · %5 steps, %6). Click the event log or the charts to look at a step.</source>
        <translation>%2 の実行 %1 を再生中（読み取り専用: %3 · %4 · %5 ステップ、%6）。イベントログやグラフをクリックするとステップを表示します。</translation>
    </message>
    <message>
        <source>run %1: %2 (live)</source>
        <translation>実行 %1: %2（ライブ）</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>ライブ: %1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunBrowser</name>
    <message>
        <source>Runs in %1</source>
        <translation>%1 内の実行</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 にはまだ実行がありません</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>作成日時（UTC）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Final scale</source>
        <translation>最終スケール</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>スキップ</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>最終損失</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>Reading the runs in %1…</source>
        <translation>%1 内の実行を読み込んでいます…</translation>
    </message>
    <message>
        <source>Group (rank)</source>
        <translation>グループ（ランク）</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1（ランク %2 / %3）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunSettingsView</name>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>every step</source>
        <translation>毎ステップ</translation>
    </message>
    <message>
        <source>every %1 steps</source>
        <translation>%1 ステップごと</translation>
    </message>
    <message>
        <source>Settings of run %1 of %2</source>
        <translation>%2 の実行 %1 の設定</translation>
    </message>
    <message>
        <source>As the run was recorded (read-only). The live run&apos;s controls come back with &quot;Back to the live run&quot;.</source>
        <translation>記録されたときの設定です（読み取り専用）。「ライブ実行に戻る」でライブ実行の操作パネルに戻ります。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>your script, through the Python probe</source>
        <translation>あなたのスクリプト（Python プローブ経由）</translation>
    </message>
    <message>
        <source>AmpScope (a built-in model)</source>
        <translation>AmpScope（組み込みモデル）</translation>
    </message>
    <message>
        <source>%1, on %2 (process %3)</source>
        <translation>%1、%2 上（プロセス %3）</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>記録元</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>ランク</translation>
    </message>
    <message>
        <source>%1 of %2, group %3</source>
        <translation>%2 中 %1、グループ %3</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>オプティマイザ</translation>
    </message>
    <message>
        <source>not recorded (watch() was given none, or one AmpScope has no name for)</source>
        <translation>記録なし（watch() に渡されなかったか、AmpScope が名前を知らないもの）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学習率</translation>
    </message>
    <message>
        <source>%1 at the start</source>
        <translation>開始時 %1</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>モーメンタム</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>重み減衰</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>バッチサイズ</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>1 ステップあたりのマイクロバッチ数</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>勾配クリッピング</translation>
    </message>
    <message>
        <source>norm %1, after unscaling</source>
        <translation>ノルム %1、unscale の後</translation>
    </message>
    <message>
        <source>norm %1, before unscaling (scaled gradients)</source>
        <translation>ノルム %1、unscale の前（スケールされた勾配）</translation>
    </message>
    <message>
        <source>%1 at step %2 (%3)</source>
        <translation>%1、ステップ %2（%3）</translation>
    </message>
    <message>
        <source>Faults injected</source>
        <translation>注入した障害</translation>
    </message>
    <message>
        <source>Loss scaler</source>
        <translation>損失スケーラー</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>スケーラー</translation>
    </message>
    <message>
        <source>off: no loss scaling</source>
        <translation>オフ: 損失スケーリングなし</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初期スケール</translation>
    </message>
    <message>
        <source>Growth</source>
        <translation>増加</translation>
    </message>
    <message>
        <source>×%1 after %2 clean steps</source>
        <translation>正常ステップ %2 回ごとに ×%1</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>バックオフ</translation>
    </message>
    <message>
        <source>×%1 on a skipped step</source>
        <translation>スキップされたステップで ×%1</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>ヒステリシス</translation>
    </message>
    <message>
        <source>%1 overflows in a row</source>
        <translation>%1 回連続のオーバーフロー</translation>
    </message>
    <message>
        <source>%1 overflows since the last growth</source>
        <translation>前回の増加以降 %1 回のオーバーフロー</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小スケール</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大スケール</translation>
    </message>
    <message>
        <source>Static scale</source>
        <translation>固定スケール</translation>
    </message>
    <message>
        <source>yes: never grows or backs off</source>
        <translation>はい: 増加もバックオフもしない</translation>
    </message>
    <message>
        <source>At the start of the run: the scale chart shows every change made during it.</source>
        <translation>実行開始時の値です。実行中の変更はすべてスケールのグラフに表示されます。</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Per-layer statistics</source>
        <translation>レイヤー別統計</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>活性化の勾配</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>記録あり</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>記録なし</translation>
    </message>
    <message>
        <source>Flushed to zero by a cast</source>
        <translation>キャストでゼロになる要素</translation>
    </message>
    <message>
        <source>Underflow reference</source>
        <translation>アンダーフローの参照</translation>
    </message>
    <message>
        <source>Limits of</source>
        <translation>限界の形式</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>ヒストグラム</translation>
    </message>
    <message>
        <source>2^%1 to 2^%2</source>
        <translation>2^%1 〜 2^%2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SavePresetDialog</name>
    <message>
        <source>Save preset</source>
        <translation>プリセットを保存</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>タイトル</translation>
    </message>
    <message>
        <source>What this run shows, in a few sentences (shown beside the charts)</source>
        <translation>この実行で何がわかるかを数文で（グラフの横に表示）</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>説明</translation>
    </message>
    <message>
        <source>Saves the current settings (model, precision, scaler, learning rate, clipping, ...) as a preset listed after the built-in ones.</source>
        <translation>現在の設定（モデル、精度、スケーラー、学習率、クリッピングなど）を、組み込みプリセットの後に並ぶプリセットとして保存します。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalePlot</name>
    <message>
        <source>Loss scale</source>
        <translation>損失スケール</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>スケール</translation>
    </message>
    <message>
        <source>skipped step (backoff)</source>
        <translation>スキップされたステップ（バックオフ）</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>増加</translation>
    </message>
    <message>
        <source>no loss scaling in this run: S = 1, nothing is skipped</source>
        <translation>この実行では損失スケーリングなし: S = 1、スキップなし</translation>
    </message>
    <message>
        <source>skipped (%1)</source>
        <translation>スキップ（%1）</translation>
    </message>
    <message>
        <source>step %1
scale %2 → %3 (%4)
growth tracker %5</source>
        <translation>ステップ %1
スケール %2 → %3（%4）
増加カウンタ %5</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>ステップをスキップ</translation>
    </message>
    <message>
        <source>first offender: %1</source>
        <translation>最初の発生源: %1</translation>
    </message>
    <message>
        <source>
%1: scale %2 → %3 (%4)%5</source>
        <translation>
%1: スケール %2 → %3（%4）%5</translation>
    </message>
    <message>
        <source>, skipped</source>
        <translation>、スキップ</translation>
    </message>
    <message>
        <source>scale S (log₂)</source>
        <translation>スケール S（log₂）</translation>
    </message>
    <message>
        <source>the scale each step ran with</source>
        <translation>各ステップで使われたスケール</translation>
    </message>
    <message>
        <source>hover for details</source>
        <translation>ポインタを重ねると詳細</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalerPanel</name>
    <message>
        <source>Loss scaler (live)</source>
        <translation>損失スケーラー（ライブ）</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>Off: gradients are not scaled, non-finite steps are not skipped</source>
        <translation>オフ: 勾配はスケールされず、非有限のステップもスキップされません</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>スケーラー</translation>
    </message>
    <message>
        <source>The scale a run starts with (a power of two). While a run is going it sets the current scale at the next step (the scale plot says &apos;set by user&apos;).</source>
        <translation>実行開始時のスケール（2 のべき乗）。実行中に変えると次のステップで現在のスケールを設定します（スケールのグラフには「ユーザーが設定」と表示）。</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初期スケール</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps (must be &gt; 1)</source>
        <translation>growth-interval 回の正常ステップ後にスケールに掛ける係数（&gt; 1 が必要）</translation>
    </message>
    <message>
        <source>Growth factor</source>
        <translation>増加係数</translation>
    </message>
    <message>
        <source>Scale multiplier after a step with inf/NaN gradients (must be &lt; 1)</source>
        <translation>inf/NaN 勾配が出たステップの後にスケールに掛ける係数（&lt; 1 が必要）</translation>
    </message>
    <message>
        <source>Backoff factor</source>
        <translation>バックオフ係数</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (log slider, 1 to 10000)</source>
        <translation>スケールを増やすまでの正常ステップ数（対数スライダー、1〜10000）</translation>
    </message>
    <message>
        <source>Growth interval</source>
        <translation>増加間隔</translation>
    </message>
    <message>
        <source>Back off only after this many overflows (1 = PyTorch)</source>
        <translation>この回数のオーバーフローの後にだけバックオフします（1 = PyTorch）</translation>
    </message>
    <message>
        <source>consecutive</source>
        <translation>連続</translation>
    </message>
    <message>
        <source>Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth</source>
        <translation>増加時だけでなく、正常ステップごとにヒステリシスカウンタを戻します（DeepSpeed/Apex）</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>ヒステリシス</translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation>なし（0）</translation>
    </message>
    <message>
        <source>Floor after a backoff; without one the scale can reach 0 and stay there</source>
        <translation>バックオフ後の下限。なければスケールが 0 に達してそのままになることがあります</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小スケール</translation>
    </message>
    <message>
        <source>none (∞)</source>
        <translation>なし（∞）</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大スケール</translation>
    </message>
    <message>
        <source>static scale</source>
        <translation>固定スケール</translation>
    </message>
    <message>
        <source>The scale never grows or backs off; non-finite steps are still skipped</source>
        <translation>スケールは増えも減りもしません。非有限のステップはスキップされます</translation>
    </message>
    <message>
        <source>%1 = %2: outside the slider&apos;s steps (%3 to %4); moving the slider replaces it</source>
        <translation>%1 = %2: スライダーの段階（%3〜%4）の範囲外です。スライダーを動かすとこの値は置き換えられます</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SessionController</name>
    <message>
        <source>Not recording this run: %1. Training goes on unrecorded.</source>
        <translation>この実行は記録されていません: %1。学習は記録なしで続きます。</translation>
    </message>
    <message>
        <source>Loading Fashion-MNIST and building fashion-cnn…</source>
        <translation>Fashion-MNIST を読み込み、fashion-cnn を構築しています…</translation>
    </message>
    <message>
        <source>Building %1 (%2)…</source>
        <translation>%1 を構築しています（%2）…</translation>
    </message>
    <message>
        <source>Could not build the session: %1</source>
        <translation>セッションを構築できませんでした: %1</translation>
    </message>
    <message>
        <source>step %1: injecting %2 into %3 at the next step</source>
        <translation>ステップ %1: 次のステップで %3 に %2 を注入します</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>不明なエラー</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::StatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>記録なし</translation>
    </message>
    <message>
        <source>● recording run %1</source>
        <translation>● 実行 %1 を記録中</translation>
    </message>
    <message>
        <source>Every step of this run is recorded in %1 (File &gt; Open replays it)</source>
        <translation>この実行の全ステップは %1 に記録されます（ファイル &gt; 開く で再生）</translation>
    </message>
    <message>
        <source>replay: %1 steps</source>
        <translation>再生: %1 ステップ</translation>
    </message>
    <message>
        <source>final scale %1</source>
        <translation>最終スケール %1</translation>
    </message>
    <message>
        <source>no scaler</source>
        <translation>スケーラーなし</translation>
    </message>
    <message>
        <source>skipped %1 (%2%)</source>
        <translation>スキップ %1（%2%）</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>読み込み中</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>セッションなし</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>stopped by an error</source>
        <translation>エラーで停止</translation>
    </message>
    <message>
        <source>step %1 (%2)</source>
        <translation>ステップ %1（%2）</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 ステップ/秒</translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation>スケール %1</translation>
    </message>
    <message>
        <source>skipped 0</source>
        <translation>スキップ 0</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>破棄 %1</translation>
    </message>
    <message>
        <source>Records the GUI could not take in time (the training never waits for the GUI)</source>
        <translation>GUI が間に合わず受け取れなかった記録（学習は GUI を待ちません）</translation>
    </message>
    <message>
        <source>The rank whose statistics the charts and the layer table show</source>
        <translation>グラフとレイヤー表に統計を表示するランク</translation>
    </message>
    <message>
        <source>recorded so far: %1 steps</source>
        <translation>これまでの記録: %1 ステップ</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfModel</name>
    <message>
        <source>No session</source>
        <translation>セッションなし</translation>
    </message>
    <message>
        <source>No per-layer statistics yet</source>
        <translation>レイヤー別統計はまだありません</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>ステップ %1</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>ステップをスキップ</translation>
    </message>
    <message>
        <source>unscaled gradient g/S</source>
        <translation>スケール解除した勾配 g/S</translation>
    </message>
    <message>
        <source>scaled gradient, as backward produced it</source>
        <translation>スケール済み勾配（backward の出力どおり）</translation>
    </message>
    <message>
        <source>(the unscaled what-if needs a power-of-two scale)</source>
        <translation>（スケール解除した what-if には 2 のべき乗のスケールが必要です）</translation>
    </message>
    <message>
        <source>cast with no per-tensor scaling</source>
        <translation>テンソルごとのスケーリングなしでキャスト</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>レイヤー</translation>
    </message>
    <message>
        <source>%1
underflow</source>
        <translation>%1
アンダーフロー</translation>
    </message>
    <message>
        <source>%1
overflow</source>
        <translation>%1
オーバーフロー</translation>
    </message>
    <message>
        <source>Share of the elements that are non-zero but would become zero when cast to %1 (|x| ≤ %2, half its smallest subnormal: the tie rounds to the even zero)</source>
        <translation>非ゼロだが %1 にキャストするとゼロになる要素の割合（|x| ≤ %2、最小の非正規化数の半分: ちょうど中間の値は偶数であるゼロに丸められる）</translation>
    </message>
    <message>
        <source>Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)</source>
        <translation>%2 にキャストすると %1 になる有限要素の割合（|x| %3 %4、最大の有限値は %5）</translation>
    </message>
    <message>
        <source>%1: no statistics at this step</source>
        <translation>%1: このステップの統計はありません</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would flush to zero</source>
        <translation>%1 → %2: %4 個中 %3 個の要素がゼロになります</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would overflow</source>
        <translation>%1 → %2: %4 個中 %3 個の要素がオーバーフローします</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would flush to zero</source>
        <translation>%1 → %2: %5 個中 %3〜%4 個の要素がゼロになります</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would overflow</source>
        <translation>%1 → %2: %5 個中 %3〜%4 個の要素がオーバーフローします</translation>
    </message>
    <message>
        <source>flushes: non-zero |x| ≤ %1</source>
        <translation>ゼロになる: 非ゼロで |x| ≤ %1</translation>
    </message>
    <message>
        <source>overflows: |x| %1 %2</source>
        <translation>オーバーフロー: |x| %1 %2</translation>
    </message>
    <message>
        <source>%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it</source>
        <translation>%1 個の要素がこの限界をまたぐビンにあり、指数ヒストグラムでは分けられません</translation>
    </message>
    <message>
        <source>no per-layer statistics to export</source>
        <translation>書き出せるレイヤー別統計がありません</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>shares of all elements (a–b: the histogram only bounds the count)</source>
        <translation>全要素に占める割合（a–b: ヒストグラムからは個数の範囲しか分からない）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfPanel</name>
    <message>
        <source>What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to zero or overflow, from the exact exponent histogram (docs/measurements.md, &quot;Format what-if&quot;). The values are already in the run&apos;s own format: a cast to that format changes nothing, and what the run flushed is counted as zero now (the Layers table&apos;s Underflow column measures it against an fp32 reference).</source>
        <translation>このステップで記録された各勾配を各フォーマットへ最近接偶数丸めでキャストしたとき、ゼロになる要素とオーバーフローする要素を、正確な指数ヒストグラムから求めます（docs/measurements.md の &quot;Format what-if&quot;）。値はすでに実行自身のフォーマットなので、そのフォーマットへのキャストでは何も変わらず、実行中にゼロになったものはここではゼロとして数えます（レイヤー表のアンダーフロー列は fp32 の参照と比べてそれを測定します）。</translation>
    </message>
</context>
</TS>
