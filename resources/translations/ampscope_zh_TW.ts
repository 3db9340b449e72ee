<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>ChartBase</name>
    <message>
        <source>optimizer step</source>
        <translation>最佳化器步數</translation>
    </message>
    <message>
        <source>%1 subnormal %2</source>
        <translation>%1 次正規數 %2</translation>
    </message>
    <message>
        <source>%1 normal %2</source>
        <translation>%1 正規數 %2</translation>
    </message>
    <message>
        <source>%1 max %2</source>
        <translation>%1 最大值 %2</translation>
    </message>
    <message>
        <source>%1 limits (%2 … %3) lie outside the plotted exponents</source>
        <translation>%1 的界限（%2 … %3）超出所繪的指數範圍</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unknown option --%1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>未知選項 --%1（請參閱 &apos;ampscope %2 --help&apos;）</translation>
    </message>
    <message>
        <source>--%1 given more than once</source>
        <translation>--%1 被指定了多次</translation>
    </message>
    <message>
        <source>--%1 takes no value</source>
        <translation>--%1 不接受值</translation>
    </message>
    <message>
        <source>--%1 needs a value (%2)</source>
        <translation>--%1 需要一個值（%2）</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>非預期的引數 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>missing %1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>缺少 %1（請參閱 &apos;ampscope %2 --help&apos;）</translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation>用法：</translation>
    </message>
    <message>
        <source>options</source>
        <translation>選項</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>引數：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>選項：</translation>
    </message>
    <message>
        <source>Language of messages and help: %1 (default: the system&apos;s).</source>
        <translation>訊息與說明的語言：%1（預設：系統語言）。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>顯示此說明並結束。</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a number in %3</source>
        <translation>--%1 &apos;%2&apos;：應為 %3 範圍內的數字</translation>
    </message>
    <message>
        <source>--%1 %2: out of range, allowed %3</source>
        <translation>--%1 %2：超出範圍，允許 %3</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected an integer in %3</source>
        <translation>--%1 &apos;%2&apos;：應為 %3 範圍內的整數</translation>
    </message>
    <message>
        <source>Steps per run, in [10, 100000] (default 300).</source>
        <translation>每次執行的步數，範圍 [10, 100000]（預設 300）。</translation>
    </message>
    <message>
        <source>Trains the deep MLP three ways and narrates what fp16 does to its gradients.</source>
        <translation>以三種方式訓練深層 MLP，並解說 fp16 對其梯度造成的影響。</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
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
        <translation>損失 縮放</translation>
    </message>
    <message>
        <source>fc1 lost fp16</source>
        <translation>fc1 遺失 fp16</translation>
    </message>
    <message>
        <source>fc1 lost scl</source>
        <translation>fc1 遺失 縮放</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>縮放</translation>
    </message>
    <message>
        <source>What happened: without a scaler, fp16 flushed %1% of fc1&apos;s weight-gradient elements to zero in the
last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the
scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.</source>
        <translation>發生了什麼：沒有縮放器時，在最後一次量測的步中 fp16 把 fc1 權重梯度 %1% 的元素清為零
（fp16 中不存在小於 2^-24 的梯度）；先把損失乘上縮放係數，
則保留了其中的 %2%。最終損失：fp32 %3，fp16 %4，fp16 + 縮放器 %5。</translation>
    </message>
    <message numerus="yes">
        <source>The scaler skipped %n step(s) for inf/NaN gradients.</source>
        <translation>
            <numerusform>縮放器因 inf/NaN 梯度略過了 %n 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Record your own run: %1</source>
        <translation>記錄您自己的執行：%1</translation>
    </message>
    <message>
        <source>(see ampscope export --help)</source>
        <translation>（請參閱 ampscope export --help）</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
    <message>
        <source>cannot write %1 (disk full?)</source>
        <translation>無法寫入 %1（磁碟已滿？）</translation>
    </message>
    <message>
        <source>--run needs a run id</source>
        <translation>--run 需要一個執行 ID</translation>
    </message>
    <message>
        <source>--csv needs a folder</source>
        <translation>--csv 需要一個資料夾</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation>未知選項 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (FILE is already &apos;%2&apos;)</source>
        <translation>非預期的引數 &apos;%1&apos;（FILE 已是 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>missing FILE (the run store to read)</source>
        <translation>缺少 FILE（要讀取的執行紀錄庫）</translation>
    </message>
    <message>
        <source>missing --csv DIR (the folder to write to)</source>
        <translation>缺少 --csv DIR（要寫入的資料夾）</translation>
    </message>
    <message>
        <source>%1 holds no runs</source>
        <translation>%1 中沒有執行</translation>
    </message>
    <message>
        <source>no run %1 in %2 (runs: %3)</source>
        <translation>%2 中沒有執行 %1（已有執行：%3）</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>無法建立資料夾 %1：%2</translation>
    </message>
    <message>
        <source>a file of that name exists</source>
        <translation>已存在同名檔案</translation>
    </message>
    <message numerus="yes">
        <source>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</source>
        <translation>
            <numerusform>已將執行 %1（%2，%3，%n 步，%4 列層統計）匯出到 %5</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps/s  scale %2  loss %3</source>
        <translation>%1 步/秒  縮放 %2  損失 %3</translation>
    </message>
    <message>
        <source>--out: the file name is empty</source>
        <translation>--out：檔名為空</translation>
    </message>
    <message>
        <source>No progress bar.</source>
        <translation>不顯示進度列。</translation>
    </message>
    <message>
        <source>recording stopped: %1</source>
        <translation>記錄已停止：%1</translation>
    </message>
    <message>
        <source>training failed at step %1: %2</source>
        <translation>訓練在第 %1 步失敗：%2</translation>
    </message>
    <message>
        <source>see what mixed-precision training does to gradients.</source>
        <translation>看看混合精度訓練對梯度做了什麼。</translation>
    </message>
    <message>
        <source>open the main window on the default demo</source>
        <translation>開啟主視窗並執行預設示範</translation>
    </message>
    <message>
        <source>open the main window on the default demo (this build has no GUI: runs `demo`)</source>
        <translation>開啟主視窗並執行預設示範（此建置沒有 GUI：執行 `demo`）</translation>
    </message>
    <message>
        <source>train headless and record every step into a run store</source>
        <translation>無介面訓練並把每一步記錄到執行紀錄庫</translation>
    </message>
    <message>
        <source>write a stored run&apos;s steps and per-layer stats as CSV</source>
        <translation>把已儲存執行的各步與逐層統計匯出為 CSV</translation>
    </message>
    <message>
        <source>the default demonstration, narrated on the terminal</source>
        <translation>預設示範，在終端機中解說</translation>
    </message>
    <message>
        <source>Every command takes --lang CODE (%1; default: the system&apos;s language).</source>
        <translation>每個命令都接受 --lang CODE（%1；預設：系統語言）。</translation>
    </message>
    <message>
        <source>&apos;ampscope COMMAND --help&apos; documents each command.</source>
        <translation>&apos;ampscope COMMAND --help&apos; 會說明每個命令。</translation>
    </message>
    <message>
        <source>This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.</source>
        <translation>此 AmpScope 建置沒有 GUI（以 AMPSCOPE_GUI=OFF 建置）：執行無介面示範。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5</source>
        <translation>--inject &apos;%1&apos;：應為 LAYER:KIND@STEP，例如 fc3:inf@100 或 loss:nan@5</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: KIND must be inf or nan</source>
        <translation>--inject &apos;%1&apos;：KIND 必須是 inf 或 nan</translation>
    </message>
    <message>
        <source>Model: spiral-mlp (default), deep-mlp, fashion-cnn.</source>
        <translation>模型：spiral-mlp（預設）、deep-mlp、fashion-cnn。</translation>
    </message>
    <message>
        <source>--model &apos;%1&apos;: allowed spiral-mlp, deep-mlp, fashion-cnn</source>
        <translation>--model &apos;%1&apos;：允許的值為 spiral-mlp、deep-mlp、fashion-cnn</translation>
    </message>
    <message>
        <source>Dataset: spirals, clusters, fashion-mnist (default: the model&apos;s own).</source>
        <translation>資料集：spirals、clusters、fashion-mnist（預設：模型自己的）。</translation>
    </message>
    <message>
        <source>--dataset &apos;%1&apos;: allowed spirals, clusters, fashion-mnist</source>
        <translation>--dataset &apos;%1&apos;：允許的值為 spirals、clusters、fashion-mnist</translation>
    </message>
    <message>
        <source>Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).</source>
        <translation>Fashion-MNIST IDX 檔案所在位置（預設 /usr/share/datasets/fashion-mnist）。</translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.</source>
        <translation>fp32、bf16 或 fp16（預設）。CPU 上的 fp16/bf16 為模擬，並會如此標示。</translation>
    </message>
    <message>
        <source>--precision &apos;%1&apos;: allowed fp32, bf16, fp16</source>
        <translation>--precision &apos;%1&apos;：允許的值為 fp32、bf16、fp16</translation>
    </message>
    <message>
        <source>auto (default: CUDA when available), cpu or cuda.</source>
        <translation>auto（預設：有 CUDA 時使用 CUDA）、cpu 或 cuda。</translation>
    </message>
    <message>
        <source>--device &apos;%1&apos;: allowed auto, cpu, cuda</source>
        <translation>--device &apos;%1&apos;：允許的值為 auto、cpu、cuda</translation>
    </message>
    <message>
        <source>sgd (with momentum), adam (default) or adamw.</source>
        <translation>sgd（含動量）、adam（預設）或 adamw。</translation>
    </message>
    <message>
        <source>--optimizer &apos;%1&apos;: allowed sgd, adam, adamw</source>
        <translation>--optimizer &apos;%1&apos;：允許的值為 sgd、adam、adamw</translation>
    </message>
    <message>
        <source>Learning rate, in %1 (default %2).</source>
        <translation>學習率，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>SGD momentum, in %1 (default %2).</source>
        <translation>SGD 動量，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Weight decay, in %1 (default %2).</source>
        <translation>權重衰減，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Examples per micro-batch, in %1 (default %2).</source>
        <translation>每個微批次的樣本數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Optimizer steps to run, in %1 (default %2).</source>
        <translation>要執行的最佳化器步數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Train without a GradScaler (non-finite gradients reach the weights).</source>
        <translation>不使用 GradScaler 訓練（非有限梯度會作用到權重上）。</translation>
    </message>
    <message>
        <source>Initial loss scale, in %1 (default %2 = %3).</source>
        <translation>初始損失縮放，範圍 %1（預設 %2 = %3）。</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps, in %1 (default %2).</source>
        <translation>連續 growth-interval 個正常步後縮放的乘數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Scale multiplier on overflow, in %1 (default %2).</source>
        <translation>溢位時縮放的乘數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows, in %1 (default %2).</source>
        <translation>縮放增長前所需的正常步數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).</source>
        <translation>退避前容忍的溢位次數（Megatron），範圍 %1（預設 %2 = PyTorch）。</translation>
    </message>
    <message>
        <source>Refill the hysteresis counter on every clean step (DeepSpeed).</source>
        <translation>每個正常步都重置遲滯計數器（DeepSpeed）。</translation>
    </message>
    <message>
        <source>Floor after backoff, in %1 (default %2 = none: the scale can reach 0).</source>
        <translation>退避後的下限，範圍 %1（預設 %2 = 無：縮放可能降到 0）。</translation>
    </message>
    <message>
        <source>Cap after growth, in %1 (default %2 = none).</source>
        <translation>增長後的上限，範圍 %1（預設 %2 = 無）。</translation>
    </message>
    <message>
        <source>Never grow or back off (still skips non-finite steps).</source>
        <translation>從不增長或退避（仍會略過非有限步）。</translation>
    </message>
    <message>
        <source>Construct the scaler with enabled=false (PyTorch&apos;s transparent mode).</source>
        <translation>以 enabled=false 建構縮放器（PyTorch 的透明模式）。</translation>
    </message>
    <message>
        <source>Clip the total gradient norm to X, %1 &lt;= X &lt;= %2 (default %3 = off).</source>
        <translation>把梯度總範數裁剪到 X，%1 &lt;= X &lt;= %2（預設 %3 = 關閉）。</translation>
    </message>
    <message>
        <source>Clip the still-scaled gradients (the classic bug, for demonstration).</source>
        <translation>裁剪仍處於縮放狀態的梯度（經典錯誤，用於示範）。</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step, in %1 (default %2).</source>
        <translation>每個最佳化器步的微批次數，範圍 %1（預設 %2）。</translation>
    </message>
    <message>
        <source>Inject inf or nan into a layer&apos;s weight gradient (or &apos;loss&apos;) at a step; repeatable.</source>
        <translation>在某一步向某層的權重梯度（或 &apos;loss&apos;）注入 inf 或 nan；可重複。</translation>
    </message>
    <message>
        <source>Per-layer statistics every N steps, N &gt;= %1 (default %2; 0 = never).</source>
        <translation>每 N 步統計一次逐層資料，N &gt;= %1（預設 %2；0 = 從不）。</translation>
    </message>
    <message>
        <source>fp32 reference backward for underflow every K steps (default %1 = off).</source>
        <translation>每 K 步做一次用於統計下溢的 fp32 參考反向傳播（預設 %1 = 關閉）。</translation>
    </message>
    <message>
        <source>Do not instrument the gradients of module outputs.</source>
        <translation>不監測模組輸出的梯度。</translation>
    </message>
    <message>
        <source>Exponent range of the histograms, %1 &lt;= LO &lt; HI &lt;= %2 (default %3:%4).</source>
        <translation>直方圖的指數範圍，%1 &lt;= LO &lt; HI &lt;= %2（預設 %3:%4）。</translation>
    </message>
    <message>
        <source>--hist-range &apos;%1&apos;: expected LO:HI, e.g. -40:20</source>
        <translation>--hist-range &apos;%1&apos;：應為 LO:HI，例如 -40:20</translation>
    </message>
    <message>
        <source>Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.</source>
        <translation>統計次正規數/溢位所依據的格式：fp16（預設）、bf16、fp8-e4m3、fp8-e5m2、fp32。</translation>
    </message>
    <message>
        <source>--hist-format &apos;%1&apos;: allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</source>
        <translation>--hist-format &apos;%1&apos;：允許的值為 fp16、bf16、fp8-e4m3、fp8-e5m2、fp32</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a non-negative integer in [0, 2^64-1]</source>
        <translation>--%1 &apos;%2&apos;：應為 [0, 2^64-1] 範圍內的非負整數</translation>
    </message>
    <message>
        <source>When writing the run store fails (disk full, file size limit, file deleted): stop (default) or continue training unrecorded. Either way the message goes to stderr and the exit status is 3.</source>
        <translation>寫入執行紀錄庫失敗時（磁碟已滿、超出檔案大小限制、檔案被刪除）：stop（預設）停止，或 continue 繼續訓練但不再記錄。兩種情況下訊息都會輸出到 stderr，結束狀態為 3。</translation>
    </message>
    <message>
        <source>--on-record-error &apos;%1&apos;: allowed stop, continue</source>
        <translation>--on-record-error &apos;%1&apos;：允許的值為 stop、continue</translation>
    </message>
    <message>
        <source>Trains a model headless (no display, no Qt GUI libraries) and records every step into a run
store that the GUI opens later. The last line on stdout is one JSON object:
  %1
Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording
stopped (disk full...; the steps committed before are in the store).
Example: %2</source>
        <translation>以無介面方式（不需顯示器和 Qt GUI 函式庫）訓練模型，並把每一步記錄到執行紀錄庫中，
之後可在 GUI 中開啟。stdout 的最後一行是一個 JSON 物件：
  %1
結束狀態：0 完成，1 訓練或紀錄庫無法啟動，2 選項錯誤，3 記錄
已停止（磁碟已滿等；之前已提交的步仍在紀錄庫中）。
範例：%2</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, or no GPU was found); allowed on this machine: auto, cpu</source>
        <translation>--device cuda：此處沒有可用的 CUDA 裝置（此 LibTorch 不支援 CUDA，或找不到 GPU）；本機允許的值為 auto、cpu</translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded (--on-record-error continue)</source>
        <translation>記錄已停止：%1；訓練繼續但不再記錄（--on-record-error continue）</translation>
    </message>
    <message>
        <source>Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.</source>
        <translation>資料、權重與取樣的種子，範圍 %1（預設 %2）。相同種子在 CPU 上得到相同紀錄。</translation>
    </message>
    <message>
        <source>LibTorch compute threads, in [1, 256] (default: chosen from the model&apos;s layers and the cores, BLAS threads too).</source>
        <translation>LibTorch 運算執行緒數，範圍 [1, 256]（預設：依模型的層與核心數選擇，BLAS 執行緒數亦同）。</translation>
    </message>
    <message>
        <source>AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways
on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler
(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1
weight-gradient elements that fp16 flushed to zero (underflow).</source>
        <translation>AmpScope 示範（無介面）：深層 MLP（12 個隱藏層）在 10 個高斯群集上以三種方式訓練
（於 %1）：fp32、不使用損失縮放的 %2，以及經過 GradScaler 的 %2
（初始縮放 2^16）。每 25 步以一次 fp32 參考反向傳播計算 fc1
權重梯度中被 fp16 清為零的元素（下溢）。</translation>
    </message>
    <message>
        <source>Options of the main window (ampscope [options]):</source>
        <translation>主視窗的選項（ampscope [options]）：</translation>
    </message>
    <message>
        <source>save a preset&apos;s or a stored run&apos;s charts as PNG, PDF or SVG, without a display</source>
        <translation>無需顯示器，把預設或已儲存執行的圖表儲存為 PNG、PDF 或 SVG</translation>
    </message>
    <message>
        <source>(see ampscope runs --help)</source>
        <translation>（請參閱 ampscope runs --help）</translation>
    </message>
    <message>
        <source>running (live)</source>
        <translation>執行中（運作中）</translation>
    </message>
    <message>
        <source>running (its writer, process %1, has ended)</source>
        <translation>執行中（其寫入程序 %1 已結束）</translation>
    </message>
    <message>
        <source>running (no write for %1 s)</source>
        <translation>執行中（%1 秒無寫入）</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 中還沒有執行</translation>
    </message>
    <message>
        <source>run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation>建立時間（UTC）</translation>
    </message>
    <message>
        <source>source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>略過</translation>
    </message>
    <message>
        <source>final loss</source>
        <translation>最終損失</translation>
    </message>
    <message>
        <source>status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>group (rank)</source>
        <translation>群組（rank）</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1（rank %2 / %3）</translation>
    </message>
    <message>
        <source>Runs in %1:</source>
        <translation>%1 中的執行:</translation>
    </message>
    <message>
        <source>Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: ampscope export %1 --run %2 --csv DIR</source>
        <translation>在視窗中開啟: ampscope --replay %1:%2（仍在寫入時用 --follow）；匯出為 CSV: ampscope export %1 --run %2 --csv DIR</translation>
    </message>
    <message>
        <source>list the runs a run store holds (ids for --replay FILE:RUN)</source>
        <translation>列出執行紀錄庫中的執行（--replay FILE:RUN 所用的 ID）</translation>
    </message>
    <message>
        <source>Run store to write (SQLite; created if missing, runs are appended; default runs.db in the current folder).</source>
        <translation>要寫入的執行紀錄庫（SQLite；不存在則建立，執行會附加；預設為目前資料夾中的 runs.db）。</translation>
    </message>
    <message>
        <source>ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1</source>
        <translation>ampscope record: 執行 %1 已寫入 %2；檢視: ampscope --replay %2:%1</translation>
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
        <translation>用法: ampscope runs [FILE] [--json]

依從舊到新的順序列出執行紀錄庫 FILE（預設 runs.db，即 ampscope record 與 Python 探針預設寫入的檔案）
中的執行: ID、建立時間、寫入者（ampscope 或探針）、模型（有名稱的執行先顯示其名稱）、精度、裝置、步數、略過的步數、最終損失及其狀態。
仍在寫入的執行會說明其寫入程序是否還在運作。

選項:
  --json     不輸出表格，改為每行一個執行的 JSON 物件
  -h, --help 本說明

結束狀態: 0 完成（紀錄庫中沒有執行也是 0），1 無法讀取 FILE，2 引數錯誤。
</translation>
    </message>
    <message>
        <source>A name for the run, shown beside its model wherever runs are listed (at most %1 characters).</source>
        <translation>執行的名稱，凡是列出執行的地方都會顯示在其模型旁邊（最多 %1 個字元）。</translation>
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
        <translation>用法：ampscope export [FILE] [--run RUN] [--whatif] --csv DIR

將執行紀錄庫 FILE（預設 runs.db）中的一次執行以 CSV 檔寫入 DIR（不存在則建立）：
  runs.csv         執行：id, created, model, precision, device, status, steps, ...
  layers.csv       受監測的張量（layer_id, name, module, kind, shape, numel）
  steps.csv        每個最佳化器步一列：損失、前後縮放、略過、原因……
  layer_stats.csv  每層每個統計步一列，含指數直方圖
  format_whatif.csv （帶 --whatif 時）每個統計步、每層、每種格式（fp16, bf16,
                   fp8-e4m3, fp8-e5m2）一列：轉換時會被清為零或溢位的元素

選項：
  --run RUN  要匯出的執行：其 ID 或名稱（預設：FILE 中最新的執行）
  --whatif   同時寫出 format_whatif.csv（見 docs/measurements.md 的 &quot;Format what-if&quot;）
  --csv DIR  輸出資料夾
  -h, --help 本說明

數字的寫法保證能精確讀回；NaN 與無窮大寫作 nan、inf、-inf；
空欄位表示「無」（沒有首個問題層，下溢未量測）。
結束狀態：0 完成，1 FILE 無法讀取或 DIR 無法寫入，2 引數錯誤。
</translation>
    </message>
    <message>
        <source>--run expects a run id (a positive integer) or a run&apos;s name, got &apos;%1&apos;</source>
        <translation>--run 需要執行 ID（正整數）或執行的名稱，得到的是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1</source>
        <translation>ampscope record: 正在將執行 %1 記錄到 %2；即時跟隨: ampscope --follow %2:%1</translation>
    </message>
    <message>
        <source>unknown option --%1; did you mean --%2? (see &apos;ampscope %3 --help&apos;)</source>
        <translation>未知選項 --%1；您是指 --%2 嗎？（請參閱 &apos;ampscope %3 --help&apos;）</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;; did you mean --%2?</source>
        <translation>未知選項 &apos;%1&apos;；您是指 --%2 嗎？</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>未知命令 &apos;%1&apos;；您是指 &apos;%2&apos; 嗎？</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>no steps in the range %1–%2</source>
        <translation>範圍 %1–%2 內沒有步</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>the image is too large</source>
        <translation>影像過大</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
    <message>
        <source>Exported by AmpScope</source>
        <translation>由 AmpScope 匯出</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>未知格式</translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf or .svg file name</source>
        <translation>%1：請使用 .png、.pdf 或 .svg 檔名</translation>
    </message>
    <message>
        <source>the size must be positive</source>
        <translation>尺寸必須為正</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Run preset: %1.</source>
        <translation>執行預設組：%1。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <source>Dark theme.</source>
        <translation>深色主題。</translation>
    </message>
    <message>
        <source>Presentation mode: large fonts, thick lines.</source>
        <translation>簡報模式：大字型、粗線條。</translation>
    </message>
    <message>
        <source>Language: %1 (default: the View &gt; Language setting, else the system&apos;s).</source>
        <translation>語言：%1（預設：「檢視 &gt; 語言」中的設定，否則為系統語言）。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代碼</translation>
    </message>
    <message>
        <source>Optimizer steps to train first.</source>
        <translation>先訓練的最佳化器步數。</translation>
    </message>
    <message>
        <source>Output file (.png, .pdf or .svg).</source>
        <translation>輸出檔（.png、.pdf 或 .svg）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Figure size in px/pt, WxH.</source>
        <translation>圖片尺寸（px/pt，寬x高）。</translation>
    </message>
    <message>
        <source>PNG pixels per unit.</source>
        <translation>每單位的 PNG 像素數。</translation>
    </message>
    <message>
        <source>Capture the whole window with its panels (PNG only) instead of the figure.</source>
        <translation>擷取含各面板的整個視窗（僅 PNG），而非圖表。</translation>
    </message>
    <message>
        <source>screenshot: --out FILE.png|.pdf|.svg is required</source>
        <translation>screenshot：必須提供 --out FILE.png|.pdf|.svg</translation>
    </message>
    <message>
        <source>screenshot: --out must end in .png, .pdf or .svg</source>
        <translation>screenshot：--out 必須以 .png、.pdf 或 .svg 結尾</translation>
    </message>
    <message>
        <source>screenshot: --window writes PNG only</source>
        <translation>screenshot：--window 只能寫 PNG</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n steps)</source>
        <translation>
            <numerusform>已寫入 %1（%n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>AmpScope: see what mixed-precision training does to gradients.</source>
        <translation>AmpScope：看看混合精度訓練對梯度做了什麼。</translation>
    </message>
    <message>
        <source>Build the run but do not start it.</source>
        <translation>建立執行但不啟動。</translation>
    </message>
    <message>
        <source>Run store (SQLite) that every live run is recorded into; created on demand (default: %1).</source>
        <translation>記錄每次即時執行的執行紀錄庫（SQLite）；依需要建立（預設：%1）。</translation>
    </message>
    <message>
        <source>--store: the file name is empty</source>
        <translation>--store：檔名為空</translation>
    </message>
    <message>
        <source>screenshot: --steps must be an integer in [1, 1000000]</source>
        <translation>screenshot：--steps 必須是 [1, 1000000] 範圍內的整數</translation>
    </message>
    <message>
        <source>screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000</source>
        <translation>screenshot：--size 必須為 寬x高，寬和高在 [100, 20000] 內，例如 1600x1000</translation>
    </message>
    <message>
        <source>screenshot: --scale must be a number in (0, 8]</source>
        <translation>screenshot：--scale 必須是 (0, 8] 範圍內的數字</translation>
    </message>
    <message>
        <source>screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and 2^28 pixels in all</source>
        <translation>screenshot：--size %1x%2 在 --scale %3 下產生的 PNG 過大：每邊最多 32767 像素，總共最多 2^28 像素</translation>
    </message>
    <message>
        <source>Write the window as PNG after --grab-delay milliseconds, then quit (for documentation).</source>
        <translation>在 --grab-delay 毫秒後把視窗寫為 PNG，然後結束（用於文件）。</translation>
    </message>
    <message>
        <source>Milliseconds before --grab (default 3000).</source>
        <translation>--grab 之前的毫秒數（預設 3000）。</translation>
    </message>
    <message>
        <source>--grab-delay must be in [0, 600000] ms</source>
        <translation>--grab-delay 必須在 [0, 600000] 毫秒範圍內</translation>
    </message>
    <message>
        <source>--replay: %1</source>
        <translation>--replay：%1</translation>
    </message>
    <message>
        <source>--overlay: %1</source>
        <translation>--overlay：%1</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (run %2 of %3, %n steps)</source>
        <translation>
            <numerusform>已寫出 %1（%3 中的執行 %2，%n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>Render the dashboard of a preset after N steps, or of a stored run, to a PNG, PDF or SVG file.</source>
        <translation>把預設訓練 N 步後的儀表板，或已儲存執行的儀表板，繪製為 PNG、PDF 或 SVG 檔案。</translation>
    </message>
    <message>
        <source>With --replay: a second stored run over the loss and scale charts.</source>
        <translation>與 --replay 一起使用：疊加在損失圖和縮放圖上的第二個已儲存執行。</translation>
    </message>
    <message>
        <source>With --replay: the step whose per-layer statistics the histograms show (default: the last).</source>
        <translation>與 --replay 一起使用：直方圖顯示哪一步的逐層統計（預設：最後一步）。</translation>
    </message>
    <message>
        <source>screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other</source>
        <translation>screenshot：--replay 繪製已儲存的執行，--preset 和 --steps 則訓練一個執行：請二選一</translation>
    </message>
    <message>
        <source>screenshot: --overlay and --step need --replay</source>
        <translation>screenshot：--overlay 和 --step 需要與 --replay 一起使用</translation>
    </message>
    <message>
        <source>screenshot: --step must be a step number &gt;= 0</source>
        <translation>screenshot：--step 必須是 &gt;= 0 的步號</translation>
    </message>
    <message>
        <source>Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>以唯讀方式開啟已儲存的執行（FILE:RUN，RUN 為其 ID 或名稱；或用 FILE 表示其中最新的執行）。</translation>
    </message>
    <message>
        <source>Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>在損失與縮放圖上疊加一次已儲存的執行（FILE:RUN，RUN 為其 ID 或名稱；或用 FILE 表示其中最新的執行）。</translation>
    </message>
    <message>
        <source>Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): `record`&apos;s, the probe&apos;s, the window&apos;s.</source>
        <translation>不訓練預設，而是繪製一個已儲存的執行（FILE:RUN，RUN 為其 ID 或名稱；或用 FILE 表示其最新執行）：`record`、探針或視窗記錄的皆可。</translation>
    </message>
    <message>
        <source>Follow a run another process is still writing (FILE for its newest run and the runs after it, FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME for a run group&apos;s ranks side by side).</source>
        <translation>跟隨另一個行程仍在寫入的執行（FILE 表示其中最新的執行及其後的執行，FILE:RUN，FILE:NAME 表示該名稱最新的執行及其後同名的執行，或用 FILE:group=NAME 並排顯示一個執行群組的各個 rank）。</translation>
    </message>
    <message>
        <source>--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run&apos;s name), got &apos;%2&apos;</source>
        <translation>--%1：應為 FILE、FILE:RUN 或 FILE:NAME（RUN 為 &gt;= 1 的執行 ID，NAME 為執行的名稱），得到的是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 Did you mean --%2?</source>
        <translation>%1 您是指 --%2 嗎？</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>--lang needs a language code; this build speaks: %1</source>
        <translation>--lang 需要語言代碼；此建置支援：%1</translation>
    </message>
    <message>
        <source>--lang &apos;%1&apos;: not a language this build speaks; choose one of: %2</source>
        <translation>--lang &apos;%1&apos;：此建置不支援該語言；請從以下選擇：%2</translation>
    </message>
</context>
<context>
    <name>LiveRecorder</name>
    <message>
        <source>the run store %1 took too long to open (%2 steps waited for it)</source>
        <translation>執行紀錄庫 %1 開啟耗時過久（有 %2 步在等待）</translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>a layer</source>
        <translation>某一層</translation>
    </message>
    <message>
        <source>non-finite gradients</source>
        <translation>非有限梯度</translation>
    </message>
    <message>
        <source>%1 NaN and %2 inf gradients</source>
        <translation>%1 個 NaN 梯度和 %2 個 inf 梯度</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN gradients</source>
        <translation>
            <numerusform>%n 個 NaN 梯度</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inf gradients</source>
        <translation>
            <numerusform>%n 個 inf 梯度</numerusform>
        </translation>
    </message>
    <message>
        <source>non-finite gradients appeared</source>
        <translation>出現了非有限梯度</translation>
    </message>
    <message>
        <source>%1 produced %2</source>
        <translation>%1 產生了 %2</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>不變</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增長</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>growth refused</source>
        <translation>拒絕增長</translation>
    </message>
    <message>
        <source>hysteresis</source>
        <translation>遲滯</translation>
    </message>
    <message>
        <source>clamped at min scale</source>
        <translation>限制在最小縮放</translation>
    </message>
    <message>
        <source>clamped at max scale</source>
        <translation>限制在最大縮放</translation>
    </message>
    <message>
        <source>set by user</source>
        <translation>使用者設定</translation>
    </message>
    <message>
        <source>step %1: %2 and no scaler is checking: the optimizer applied them</source>
        <translation>第 %1 步：%2，且沒有縮放器檢查：最佳化器直接套用了它們</translation>
    </message>
    <message>
        <source>step %1: gradients are finite again</source>
        <translation>第 %1 步：梯度恢復為有限值</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4</source>
        <translation>第 %1 步：%2，略過該步，縮放 %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</source>
        <translation>
            <numerusform>第 %1 步：%2，略過該步，縮放維持為 %3（遲滯：再溢位 %n 次才退避）</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4 (held at min scale)</source>
        <translation>第 %1 步：%2，略過該步，縮放 %3 → %4（維持在最小縮放）</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, scale %2 → %3</source>
        <translation>
            <numerusform>第 %1 步：連續 %n 個正常步，縮放 %2 → %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, growth capped at max scale: %2 → %3</source>
        <translation>
            <numerusform>第 %1 步：連續 %n 個正常步，增長受最大縮放限制：%2 → %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: growth refused: %2 × growth factor would overflow fp32, scale kept</source>
        <translation>第 %1 步：拒絕增長：%2 × 增長因子會使 fp32 溢位，縮放維持不變</translation>
    </message>
    <message>
        <source>step %1: scale set by the user: %2 → %3</source>
        <translation>第 %1 步：使用者設定了縮放：%2 → %3</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale kept at %3</source>
        <translation>第 %1 步：%2，略過該步，縮放維持為 %3</translation>
    </message>
    <message>
        <source>step %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>bf16 needs no scaler</source>
        <translation>bf16 不需要縮放器</translation>
    </message>
    <message>
        <source>The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32&apos;s 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32.</source>
        <translation>同一個螺旋 MLP，以 bf16 訓練且完全不做損失縮放。bf16 保留了 fp32 的 8 位元指數（最小正規數 2^-126），犧牲的是尾數位元，因此小梯度不會被清為零，大梯度也不會溢位：沒有步被略過，損失像 fp32 一樣下降。</translation>
    </message>
    <message>
        <source>Clipping before unscale_: training stalls</source>
        <translation>在 unscale_ 之前裁剪：訓練停滯</translation>
    </message>
    <message>
        <source>Deep MLP, fp16, no loss scaling</source>
        <translation>深層 MLP，fp16，無損失縮放</translation>
    </message>
    <message>
        <source>A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16&apos;s smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept.</source>
        <translation>一個權重很小的 13 層 MLP，以 fp16 訓練且不用縮放器：前幾層的梯度低於 fp16 的最小次正規數（2^-24），被清為零。下溢欄統計的是 fp32 反向傳播原本能保留下來的部分。</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, PyTorch&apos;s default scaler</source>
        <translation>螺旋 MLP，fp16，PyTorch 預設縮放器</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, inf injected into fc3 at step 50</source>
        <translation>螺旋 MLP，fp16，第 50 步向 fc3 注入 inf</translation>
    </message>
    <message>
        <source>The default run with an inf written into fc3&apos;s weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale.</source>
        <translation>預設執行，在第 50 步向 fc3 的權重梯度寫入一個 inf：縮放器發現它，略過該步，指出 fc3 是首個問題層，並把縮放減半。</translation>
    </message>
    <message>
        <source>Init scale too high: an overflow storm, then recovery</source>
        <translation>初始縮放過高：溢位風暴，然後恢復</translation>
    </message>
    <message>
        <source>The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow.</source>
        <translation>縮放器從 2^40 而不是 2^16 開始。每個縮放後的梯度都會使 fp16 溢位（65504），所以最初的步全部被略過，縮放每步減半；等它合適了，訓練開始，縮放穩定下來。權重從未受到這些壞步的影響：正是略過機制讓過高的起點變得安全，只是慢一些。</translation>
    </message>
    <message>
        <source>Growth interval too short: the scale oscillates</source>
        <translation>增長間隔過短：縮放來回振盪</translation>
    </message>
    <message>
        <source>The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16&apos;s range, with a skipped step at every tooth. PyTorch&apos;s default interval exists to make this rare.</source>
        <translation>縮放器只在 10 個正常步（而不是 2000 個）之後就嘗試增長。它一路上升直到梯度溢位，退避，再次上升：在 fp16 範圍的邊緣形成鋸齒，每個齒都有一步被略過。PyTorch 的預設間隔就是為了讓這種情況很少發生。</translation>
    </message>
    <message>
        <source>Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first.</source>
        <translation>把梯度裁剪到範數 1，卻作用在仍處於縮放狀態的梯度上（經典錯誤：在 scaler.unscale_ 之前呼叫 clip_grad_norm_）。縮放後的範數約為真實範數乘以縮放係數，所以裁剪會把每次更新縮小約縮放係數倍：用 SGD 時損失幾乎不動。其他什麼都不改，與先呼叫 unscale_ 的同一執行對比。</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation>未知預設組「%1」（已知：%2）</translation>
    </message>
    <message>
        <source>A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler&apos;s defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits.</source>
        <translation>一個 4 層 MLP 在 fp16 下學習 3 條交錯的螺旋，使用 torch.amp.GradScaler 的預設值（初始縮放 2^16，每 2000 個正常步增長 x2，退避 x0.5）。觀察縮放如何穩定下來，梯度指數如何落在 fp16 的界限之間。</translation>
    </message>
</context>
<context>
    <name>PresetParse</name>
    <message>
        <source>expected a JSON object</source>
        <translation>應為 JSON 物件</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; 必須是字串</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>沒有名稱</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an integer within +-1e9</source>
        <translation>&quot;%1&quot; 必須是 +-1e9 以內的整數</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a JSON object</source>
        <translation>&quot;%1&quot; 必須是 JSON 物件</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list one to three of: %2</source>
        <translation>&quot;%1&quot; 必須列出下列各項中的一到三項：%2</translation>
    </message>
</context>
<context>
    <name>StoredRun</name>
    <message>
        <source>run %1: %2</source>
        <translation>執行 %1：%2</translation>
    </message>
    <message>
        <source>run %1 (rank %2): %3</source>
        <translation>執行 %1（rank %2）：%3</translation>
    </message>
    <message>
        <source>%1 (run %2): %3</source>
        <translation>%1（執行 %2）：%3</translation>
    </message>
</context>
<context>
    <name>UserPresets</name>
    <message>
        <source>%1: larger than 1 MiB, not a preset</source>
        <translation>%1：大於 1 MiB，不是預設組</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：無法讀取（%2）</translation>
    </message>
    <message>
        <source>A preset needs a title.</source>
        <translation>預設組需要一個標題。</translation>
    </message>
    <message>
        <source>This configuration cannot be saved: %1</source>
        <translation>無法儲存此設定：%1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>無法建立資料夾 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot delete %1: %2</source>
        <translation>無法刪除 %1：%2</translation>
    </message>
    <message>
        <source>No user preset named &apos;%1&apos;</source>
        <translation>沒有名為「%1」的使用者預設組</translation>
    </message>
    <message>
        <source>%1.json: the name of a built-in preset, skipped</source>
        <translation>%1.json：與內建預設組同名，已略過</translation>
    </message>
</context>
<context>
    <name>ampscope::Dataset</name>
    <message>
        <source>Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and train-labels-idx1-ubyte(.gz). Install the Debian package dataset-fashion-mnist or pass --data-dir.</source>
        <translation>找不到 Fashion-MNIST：%1 中沒有 train-images-idx3-ubyte(.gz) 與 train-labels-idx1-ubyte(.gz)。請安裝 Debian 套件 dataset-fashion-mnist，或指定 --data-dir。</translation>
    </message>
    <message>
        <source>%1: images are %2x%3, Fashion-MNIST&apos;s are 28x28</source>
        <translation>%1：影像為 %2x%3，而 Fashion-MNIST 的影像是 28x28</translation>
    </message>
    <message>
        <source>%1: %2 labels for %3 images in %4</source>
        <translation>%1：%4 中有 %3 張影像，卻有 %2 個標籤</translation>
    </message>
    <message>
        <source>%1: label %2 is out of range (Fashion-MNIST has classes 0..9)</source>
        <translation>%1：標籤 %2 超出範圍（Fashion-MNIST 的類別為 0..9）</translation>
    </message>
    <message>
        <source>unknown dataset &apos;%1&apos; (known: spirals, clusters, fashion-mnist)</source>
        <translation>未知的資料集 &apos;%1&apos;（已知：spirals、clusters、fashion-mnist）</translation>
    </message>
    <message>
        <source>batch size must be at least 1, got %1</source>
        <translation>批次大小必須至少為 1，實際為 %1</translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos; is empty</source>
        <translation>資料集 &apos;%1&apos; 是空的</translation>
    </message>
    <message>
        <source>read error (%1): the file is corrupt or not a gzip/IDX file</source>
        <translation>讀取錯誤（%1）：檔案已損毀，或不是 gzip/IDX 檔</translation>
    </message>
    <message>
        <source>corrupt compressed data (%1)</source>
        <translation>壓縮資料已損毀（%1）</translation>
    </message>
    <message>
        <source>unsupported IDX dimension count</source>
        <translation>不支援的 IDX 維度數</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>無法開啟</translation>
    </message>
    <message>
        <source>truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)</source>
        <translation>已截斷：只有 %1 位元組，比 4 位元組的 IDX 魔術數字還短（空檔案？）</translation>
    </message>
    <message>
        <source>bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); the file is corrupt or not the right dataset file</source>
        <translation>魔術數字 %1 不正確（應為 %2：IDX、無號位元組、%3 維）；檔案已損毀，或不是正確的資料集檔案</translation>
    </message>
    <message>
        <source>truncated inside the IDX header</source>
        <translation>在 IDX 標頭內部被截斷</translation>
    </message>
    <message>
        <source>dimension %1 is %2 (allowed 1..%3)</source>
        <translation>第 %1 維為 %2（允許 1..%3）</translation>
    </message>
    <message>
        <source>header claims more than %1 bytes of data</source>
        <translation>標頭宣稱的資料超過 %1 位元組</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the file holds %2</source>
        <translation>已截斷：標頭宣告 %1 位元組資料，檔案只有 %2 位元組</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many</source>
        <translation>已截斷：標頭宣告 %1 位元組資料，%2 位元組的壓縮檔容納不了這麼多</translation>
    </message>
    <message>
        <source>longer than its header says (trailing data after %1 data bytes): the header&apos;s counts do not match the file</source>
        <translation>比標頭所述更長（%1 位元組資料之後還有多餘資料）：標頭中的計數與檔案不符</translation>
    </message>
</context>
<context>
    <name>ampscope::GradScalerOptions</name>
    <message>
        <source>GradScaler option %1 = %2 is invalid: %3</source>
        <translation>GradScaler 選項 %1 = %2 無效：%3</translation>
    </message>
    <message>
        <source>The growth factor must be &gt; 1.0.</source>
        <translation>增長因子必須 &gt; 1.0。</translation>
    </message>
    <message>
        <source>The backoff factor must be &lt; 1.0.</source>
        <translation>退避因子必須 &lt; 1.0。</translation>
    </message>
    <message>
        <source>it must be finite</source>
        <translation>必須是有限值</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (0 would zero the scale at the first overflow)</source>
        <translation>必須 &gt; 0（為 0 時第一次溢位就會把縮放變成 0）</translation>
    </message>
    <message>
        <source>it must be finite and &gt; 0</source>
        <translation>必須是有限值且 &gt; 0</translation>
    </message>
    <message>
        <source>it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)</source>
        <translation>必須能以 fp32 表示（介於 ~1.4e-45 與 ~3.4e38 之間）</translation>
    </message>
    <message>
        <source>it must be &gt;= 1</source>
        <translation>必須 &gt;= 1</translation>
    </message>
    <message>
        <source>it must fit the int32 growth tracker</source>
        <translation>必須能放入 int32 的增長計數器</translation>
    </message>
    <message>
        <source>it must be &gt;= 1 (1 = back off at every overflow)</source>
        <translation>必須 &gt;= 1（1 = 每次溢位都退避）</translation>
    </message>
    <message>
        <source>it must be finite and &gt;= 0 (0 = no floor)</source>
        <translation>必須是有限值且 &gt;= 0（0 = 無下限）</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (inf = no cap)</source>
        <translation>必須 &gt; 0（inf = 無上限）</translation>
    </message>
    <message>
        <source>GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale</source>
        <translation>GradScaler 選項 min_scale = %1 與 max_scale = %2 無效：min_scale 不得超過 max_scale</translation>
    </message>
    <message>
        <source>GradScaler option init_scale = %1 is invalid: it must lie within [min_scale, max_scale] = [%2, %3]</source>
        <translation>GradScaler 選項 init_scale = %1 無效：必須位於 [min_scale, max_scale] = [%2, %3] 之內</translation>
    </message>
</context>
<context>
    <name>ampscope::ModelZoo</name>
    <message>
        <source>unknown model &apos;%1&apos; (known: %2)</source>
        <translation>未知的模型 &apos;%1&apos;（已知：%2）</translation>
    </message>
</context>
<context>
    <name>ampscope::Precision</name>
    <message>
        <source>%1 (emulated)</source>
        <translation>%1（模擬）</translation>
    </message>
</context>
<context>
    <name>ampscope::RunStore</name>
    <message>
        <source>(no space left on the disk)</source>
        <translation>（磁碟已無剩餘空間）</translation>
    </message>
    <message>
        <source>(the file size limit of %1 bytes was reached, see ulimit -f)</source>
        <translation>（已達到 %1 位元組的檔案大小上限，見 ulimit -f）</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>讀取</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>寫入</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>建立</translation>
    </message>
    <message>
        <source>setting up</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>creating a run in</source>
        <translation>建立執行</translation>
    </message>
    <message>
        <source>disk full while %1 %2: %3</source>
        <translation>在 %2 中%1時磁碟已滿：%3</translation>
    </message>
    <message>
        <source>writing to the disk failed</source>
        <translation>寫入磁碟失敗</translation>
    </message>
    <message>
        <source>I/O error while %1 %2: %3</source>
        <translation>在 %2 中%1時發生 I/O 錯誤：%3</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (not an SQLite database)</source>
        <translation>%1 不是 AmpScope 執行紀錄庫（不是 SQLite 資料庫）</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3</source>
        <translation>%1 已損毀（%2，%3時）</translation>
    </message>
    <message>
        <source>%1 is locked by another process (%2) while %3</source>
        <translation>%1 被另一個行程鎖定（%2，%3時）</translation>
    </message>
    <message>
        <source>%1 was moved or deleted while %2</source>
        <translation>%1 在%2時被移動或刪除</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3</source>
        <translation>%1 無法寫入（%2，%3時）</translation>
    </message>
    <message>
        <source>%1 %2 failed: %3</source>
        <translation>在 %2 中%1失敗：%3</translation>
    </message>
    <message>
        <source>cannot open run store %1: no such file</source>
        <translation>無法開啟執行紀錄庫 %1：檔案不存在</translation>
    </message>
    <message>
        <source>cannot open run store %1: it is a directory</source>
        <translation>無法開啟執行紀錄庫 %1：它是一個目錄</translation>
    </message>
    <message>
        <source>cannot open run store %1: %2</source>
        <translation>無法開啟執行紀錄庫 %1：%2</translation>
    </message>
    <message>
        <source>cannot create run store %1: %2</source>
        <translation>無法建立執行紀錄庫 %1：%2</translation>
    </message>
    <message>
        <source>%1 is an empty database, not an AmpScope run store</source>
        <translation>%1 是一個空資料庫，不是 AmpScope 執行紀錄庫</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (an SQLite database with tables: %2)</source>
        <translation>%1 不是 AmpScope 執行紀錄庫（是含有以下資料表的 SQLite 資料庫：%2）</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (its meta table names the application &apos;%2&apos;)</source>
        <translation>%1 不是 AmpScope 執行紀錄庫（其 meta 資料表記載的應用程式是 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>%1 is damaged: schema_version &apos;%2&apos; is not a number</source>
        <translation>%1 已損毀：schema_version &apos;%2&apos; 不是數字</translation>
    </message>
    <message>
        <source>%1 was written by a newer AmpScope (schema %2, this build reads %3)</source>
        <translation>%1 由較新版本的 AmpScope 寫入（結構描述 %2，此版本可讀取 %3）</translation>
    </message>
    <message>
        <source>%1 has an unknown schema version %2</source>
        <translation>%1 的結構描述版本 %2 不明</translation>
    </message>
    <message>
        <source>%1 is damaged: table &apos;%2&apos; is missing</source>
        <translation>%1 已損毀：缺少資料表 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot create a run</source>
        <translation>%1 以唯讀方式開啟：無法建立執行</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot append steps</source>
        <translation>%1 以唯讀方式開啟：無法附加步</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot set a status</source>
        <translation>%1 以唯讀方式開啟：無法設定狀態</translation>
    </message>
    <message>
        <source>run %1 in %2 has an unreadable configuration: %3</source>
        <translation>%2 中的執行 %1 的設定無法讀取：%3</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 has a gap in its layer ids</source>
        <translation>%1 已損毀：執行 %2 的層 ID 不連續</translation>
    </message>
    <message>
        <source>%1 is damaged: layer %2 has an unreadable shape</source>
        <translation>%1 已損毀：層 %2 的形狀無法讀取</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 step %3: %4</source>
        <translation>%1 已損毀：執行 %2 第 %3 步：%4</translation>
    </message>
    <message>
        <source>unknown scale change reason &apos;%1&apos;</source>
        <translation>未知的縮放變化原因 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>layer statistics without a step row</source>
        <translation>層統計沒有對應的步記錄</translation>
    </message>
    <message>
        <source>statistics for layer %1, the run has %2 layers</source>
        <translation>有層 %1 的統計，但該執行只有 %2 層</translation>
    </message>
    <message>
        <source>unreadable histogram</source>
        <translation>直方圖無法讀取</translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</source>
        <translation>
            <numerusform>寫入 %1 的記錄已停止：%2（已儲存 %n 步，直到第 %3 步）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved)</source>
        <translation>
            <numerusform>寫入 %1 的記錄已停止：%2（已儲存 %n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while recording</source>
        <translation>%1 在記錄過程中被刪除或取代</translation>
    </message>
    <message>
        <source>unexpected error: %1</source>
        <translation>非預期的錯誤：%1</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>非預期的錯誤</translation>
    </message>
    <message>
        <source>recording to %1 could not be closed: %2</source>
        <translation>無法結束寫入 %1 的記錄：%2</translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation>載入已取消</translation>
    </message>
    <message>
        <source>upgrading</source>
        <translation>升級檔案格式</translation>
    </message>
    <message>
        <source>the disk cannot keep up (%1 steps waited to be written)</source>
        <translation>磁碟寫入跟不上（有 %1 步在等待寫入）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2: its runs have no names (ampscope runs lists their ids)</source>
        <translation>%2 中沒有名為 &apos;%1&apos; 的執行：其中的執行都沒有名稱（ampscope runs 會列出它們的 ID）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 (its runs&apos; names: %3)</source>
        <translation>%2 中沒有名為 &apos;%1&apos; 的執行（其中執行的名稱：%3）</translation>
    </message>
    <message>
        <source>%1 runs are named &apos;%2&apos; in %3 (runs %4): give one&apos;s id</source>
        <translation>%3 中有 %1 個執行名為 &apos;%2&apos;（執行 %4）：請給出其中一個的 ID</translation>
    </message>
</context>
<context>
    <name>ampscope::SessionConfig</name>
    <message>
        <source>(not UTF-8)</source>
        <translation>（不是 UTF-8）</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>必須是 %1 之一</translation>
    </message>
    <message>
        <source>model %1 trains on %2 only</source>
        <translation>模型 %1 只能在 %2 上訓練</translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation>必須在 %1 範圍內</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = off)</source>
        <translation>必須 &gt;= 0（0 = 關閉）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = never)</source>
        <translation>必須 &gt;= 0（0 = 從不）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = until stopped)</source>
        <translation>必須 &gt;= 0（0 = 直到停止）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 steps/s (0 = none)</source>
        <translation>必須 &gt;= 0 步/秒（0 = 不限）</translation>
    </message>
    <message>
        <source>must satisfy %1 &lt;= lo &lt; hi &lt;= %2</source>
        <translation>必須滿足 %1 &lt;= lo &lt; hi &lt;= %2</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run); rename the directory or point a symbolic link with a UTF-8 name at it</source>
        <translation>必須是有效的 UTF-8 文字（它會隨執行一起儲存）；請重新命名該目錄，或建立一個 UTF-8 名稱的符號連結指向它</translation>
    </message>
    <message>
        <source>the layer name must be valid UTF-8 text</source>
        <translation>層名稱必須是有效的 UTF-8 文字</translation>
    </message>
    <message>
        <source>needs a layer name or &apos;loss&apos;</source>
        <translation>需要層名稱或 &apos;loss&apos;</translation>
    </message>
    <message>
        <source>the step must be &gt;= 0</source>
        <translation>步必須 &gt;= 0</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; must be an integer</source>
        <translation>工作階段設定：&quot;%1&quot; 必須是整數</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [%3, %4]</source>
        <translation>工作階段設定：&quot;%1&quot; = %2 必須是 [%3, %4] 內的整數</translation>
    </message>
    <message>
        <source>session config: not a JSON object</source>
        <translation>工作階段設定：不是 JSON 物件</translation>
    </message>
    <message>
        <source>session config: unknown %1 &apos;%2&apos;</source>
        <translation>工作階段設定：未知的%1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>最佳化器</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [0, 2^64)</source>
        <translation>工作階段設定：&quot;%1&quot; = %2 必須是 [0, 2^64) 內的整數</translation>
    </message>
    <message>
        <source>histogram target format</source>
        <translation>直方圖目標格式</translation>
    </message>
    <message>
        <source>fault kind</source>
        <translation>故障類型</translation>
    </message>
    <message>
        <source>session config: %1</source>
        <translation>工作階段設定：%1</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run)</source>
        <translation>必須是有效的 UTF-8 文字（它會隨執行一起儲存）</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>最多只能有 %1 個字元</translation>
    </message>
    <message>
        <source>must be one line of text, without tabs or control characters</source>
        <translation>必須是一行文字，不含定位字元或控制字元</translation>
    </message>
</context>
<context>
    <name>ampscope::TrainingSession</name>
    <message>
        <source>%1: out of memory. The session has ended; a smaller --batch-size or --accumulate, a smaller model or the CPU (--device cpu) needs less, and a new session starts clean.</source>
        <translation>%1：記憶體不足。工作階段已結束；較小的 --batch-size 或 --accumulate、較小的模型或改用 CPU（--device cpu）都能減少用量，新的工作階段會從乾淨狀態開始。</translation>
    </message>
    <message>
        <source>unknown error (not a std::exception)</source>
        <translation>未知錯誤（不是 std::exception）</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available (this LibTorch has no CUDA support, or no GPU was found); use --device cpu or auto</source>
        <translation>--device cuda：沒有可用的 CUDA 裝置（此 LibTorch 不支援 CUDA，或找不到 GPU）；請使用 --device cpu 或 auto</translation>
    </message>
    <message>
        <source>model %1 has no layer named &apos;%2&apos; (allowed: %3)</source>
        <translation>模型 %1 沒有名為 &apos;%2&apos; 的層（可用：%3）</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>已繼續</translation>
    </message>
    <message>
        <source>scaler settings not applied: %1</source>
        <translation>未套用縮放器設定：%1</translation>
    </message>
    <message>
        <source>speed limit %1 not applied: it must be &gt;= 0</source>
        <translation>未套用速度上限 %1：必須 &gt;= 0</translation>
    </message>
    <message>
        <source>scale %1 not applied: it must be finite, &gt; 0 and fit fp32</source>
        <translation>未套用縮放 %1：必須是有限值、&gt; 0 且能以 fp32 表示</translation>
    </message>
    <message>
        <source>scale not applied: %1</source>
        <translation>未套用縮放：%1</translation>
    </message>
    <message>
        <source>fault injection: no layer named &apos;%1&apos;</source>
        <translation>故障注入：沒有名為 &apos;%1&apos; 的層</translation>
    </message>
    <message>
        <source>the loss scale has reached 0: every gradient is now 0 or NaN, so no step can succeed and the scale cannot recover (0 is absorbing). Set a min scale (e.g. 1) or reset the run.</source>
        <translation>損失縮放已降到 0：現在每個梯度都是 0 或 NaN，任何一步都無法成功，縮放也無法恢復（0 是吸收態）。請設定最小縮放（例如 1）或重設執行。</translation>
    </message>
    <message>
        <source>the loss scale is held at its floor, min scale = %1: steps are skipped for as long as the gradients overflow even at this scale.</source>
        <translation>損失縮放被維持在下限，最小縮放 = %1：只要梯度在此縮放下仍然溢位，就會略過該步。</translation>
    </message>
    <message>
        <source>started on %1, %2</source>
        <translation>在 %1 上開始，%2</translation>
    </message>
    <message numerus="yes">
        <source>finished after %n steps</source>
        <translation>
            <numerusform>%n 步後結束</numerusform>
        </translation>
    </message>
    <message>
        <source>training stopped at step %1: %2</source>
        <translation>訓練在第 %1 步停止：%2</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n steps</source>
        <translation>
            <numerusform>%n 步後停止</numerusform>
        </translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded</source>
        <translation>記錄已停止：%1；訓練繼續但不再記錄</translation>
    </message>
    <message>
        <source>the run store was closed</source>
        <translation>執行紀錄庫已關閉</translation>
    </message>
    <message>
        <source>learning rate %1 not applied: it must be in %2</source>
        <translation>未套用學習率 %1：必須在 %2 範圍內</translation>
    </message>
    <message>
        <source>clip norm %1 not applied: it must be in %2 (0 = off)</source>
        <translation>未套用裁剪範數 %1：必須在 %2 範圍內（0 = 關閉）</translation>
    </message>
    <message>
        <source>accumulation %1 not applied: it must be a whole number in %2</source>
        <translation>未套用梯度累積 %1：必須是 %2 內的整數</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::AboutDialog</name>
    <message>
        <source>About AmpScope</source>
        <translation>關於 AmpScope</translation>
    </message>
    <message>
        <source>See what mixed-precision training does to gradients.</source>
        <translation>看看混合精度訓練對梯度做了什麼。</translation>
    </message>
    <message>
        <source>Built with LibTorch %1 and Qt %2; running on Qt %3.</source>
        <translation>使用 LibTorch %1 和 Qt %2 建置；執行於 Qt %3。</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（不記錄）</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>開啟資料夾</translation>
    </message>
    <message>
        <source>Runs are recorded in:</source>
        <translation>執行記錄位置：</translation>
    </message>
    <message>
        <source>Your presets are saved in:</source>
        <translation>您的預設組儲存位置：</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ControlPanel</name>
    <message>
        <source>Preset</source>
        <translation>預設組</translation>
    </message>
    <message>
        <source>(presets unavailable: %1)</source>
        <translation>（預設組無法使用：%1）</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>載入預設組</translation>
    </message>
    <message>
        <source>Replace the run with this preset (resets the training)</source>
        <translation>以此預設組取代目前的執行（會重設訓練）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>儲存…</translation>
    </message>
    <message>
        <source>Save the current settings as your own preset</source>
        <translation>把目前設定儲存為您自己的預設組</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>刪除</translation>
    </message>
    <message>
        <source>Delete this preset (only presets you saved can be deleted)</source>
        <translation>刪除此預設組（只能刪除您自己儲存的預設組）</translation>
    </message>
    <message>
        <source>View</source>
        <translation>檢視</translation>
    </message>
    <message>
        <source>Unscaled histogram (−log₂ S)</source>
        <translation>反縮放直方圖（−log₂ S）</translation>
    </message>
    <message>
        <source>Show the true gradients g/S instead of what fp16 held (g scaled by S)</source>
        <translation>顯示真實梯度 g/S，而不是 fp16 中保存的值（以 S 縮放後的 g）</translation>
    </message>
    <message>
        <source>Run (applies on Reset)</source>
        <translation>執行（重設時生效）</translation>
    </message>
    <message>
        <source>spiral-mlp (4 layers, spirals)</source>
        <translation>spiral-mlp（4 層，螺旋）</translation>
    </message>
    <message>
        <source>deep-mlp (13 layers, clusters)</source>
        <translation>deep-mlp（13 層，群集）</translation>
    </message>
    <message>
        <source>fashion-cnn (Fashion-MNIST)</source>
        <translation>fashion-cnn（Fashion-MNIST）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>auto (CUDA when available)</source>
        <translation>auto（有 CUDA 時用 CUDA）</translation>
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
        <translation>裝置</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>最佳化器</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批次大小</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>隨機種子</translation>
    </message>
    <message>
        <source>Changed: these settings need a new model and data. The run goes on with the old ones until you reset.</source>
        <translation>已變更：這些設定需要新的模型和資料。在您重設之前，執行仍使用舊設定。</translation>
    </message>
    <message>
        <source>Reset to apply (Ctrl+R)</source>
        <translation>重設以套用（Ctrl+R）</translation>
    </message>
    <message>
        <source>Build a new session with these settings; the current run ends</source>
        <translation>以這些設定建立新工作階段；目前的執行將結束</translation>
    </message>
    <message>
        <source>Training (live)</source>
        <translation>訓練（即時）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>學習率</translation>
    </message>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>clip_grad_norm_ to this total norm (0 = off). Applies at the next step.</source>
        <translation>以此總範數呼叫 clip_grad_norm_（0 = 關閉）。下一步生效。</translation>
    </message>
    <message>
        <source>unscale first</source>
        <translation>先反縮放</translation>
    </message>
    <message>
        <source>Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, the classic bug that shrinks every update by the scale.</source>
        <translation>裁剪前呼叫 scaler.unscale_（正確做法）。不勾選：裁剪縮放後的梯度，這是會把每次更新縮小縮放係數倍的經典錯誤。</translation>
    </message>
    <message>
        <source>Clip norm</source>
        <translation>裁剪範數</translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before one optimizer step. Applies at the next step.</source>
        <translation>在一次最佳化器步之前累加梯度的微批次數。下一步生效。</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>梯度累積</translation>
    </message>
    <message>
        <source>Steps per second (far left: as fast as the machine goes)</source>
        <translation>每秒步數（最左：機器能跑多快就多快）</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Speed limit</source>
        <translation>速度上限</translation>
    </message>
    <message>
        <source>%1 /s</source>
        <translation>%1 /秒</translation>
    </message>
    <message>
        <source>Fault injection</source>
        <translation>故障注入</translation>
    </message>
    <message>
        <source>The layer whose weight gradient gets ~1% inf/NaN elements (&apos;loss&apos;: the loss itself)</source>
        <translation>其權重梯度中約 1% 元素被設為 inf/NaN 的層（&apos;loss&apos;：損失本身）</translation>
    </message>
    <message>
        <source>Inject now</source>
        <translation>立即注入</translation>
    </message>
    <message>
        <source>Poison the next step&apos;s gradient (Ctrl+I)</source>
        <translation>污染下一步的梯度（Ctrl+I）</translation>
    </message>
    <message>
        <source>Loss scaler (live)</source>
        <translation>損失縮放器（即時）</translation>
    </message>
    <message>
        <source>Loss scaler (off in this run)</source>
        <translation>損失縮放器（本次執行關閉）</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（您的）</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>已略過：%1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::Dashboard</name>
    <message>
        <source>All charts</source>
        <translation>全部圖表</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>損失縮放</translation>
    </message>
    <message>
        <source>Under/overflow</source>
        <translation>下溢/溢位</translation>
    </message>
    <message>
        <source>Exponents</source>
        <translation>指數</translation>
    </message>
    <message>
        <source>Layer over time</source>
        <translation>層隨時間的變化</translation>
    </message>
    <message>
        <source>Next chart page</source>
        <translation>下一頁圖表</translation>
    </message>
    <message>
        <source>Previous chart page</source>
        <translation>上一頁圖表</translation>
    </message>
    <message>
        <source>Chart page %1</source>
        <translation>圖表第 %1 頁</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::EventLog</name>
    <message>
        <source>What the scaler decided and why. Click a line to show that step in the charts.</source>
        <translation>縮放器做了什麼決定以及原因。點選某列即可在圖表中顯示該步。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ExportDialog</name>
    <message>
        <source>Export %1</source>
        <translation>匯出%1</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .pdf or .svg (vector).</source>
        <translation>副檔名決定格式：.png、.pdf 或 .svg（向量）。</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>寬度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>PNG only: pixels per unit (2 gives a sharp figure at the same layout)</source>
        <translation>僅 PNG：每單位像素數（2 可在相同版面下得到清晰的圖）</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG 倍率</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation>PNG 影像 (*.png);;PDF (*.pdf);;SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::FollowController</name>
    <message>
        <source>--follow: the group name after &apos;group=&apos; is empty</source>
        <translation>--follow：&apos;group=&apos; 後面的群組名稱為空</translation>
    </message>
    <message>
        <source>%1 has no run %2</source>
        <translation>%1 中沒有執行 %2</translation>
    </message>
    <message>
        <source>%1 does not exist (any more): waiting for it</source>
        <translation>%1 不存在（或已被刪除）：正在等待它出現</translation>
    </message>
    <message>
        <source>no runs in %1 yet: waiting</source>
        <translation>%1 中還沒有執行：正在等待</translation>
    </message>
    <message>
        <source>no runs of group &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 中還沒有群組 &apos;%1&apos; 的執行：正在等待</translation>
    </message>
    <message>
        <source>AmpScope — following run %1 of %2</source>
        <translation>AmpScope — 正在跟隨 %2 中的執行 %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>following %1 — %2</source>
        <translation>正在跟隨 %1 — %2</translation>
    </message>
    <message>
        <source>following %1 — opening</source>
        <translation>正在跟隨 %1 — 正在開啟</translation>
    </message>
    <message numerus="yes">
        <source>%n steps</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ranks, %2</source>
        <translation>%1 個 rank，%2</translation>
    </message>
    <message>
        <source>live, %1</source>
        <translation>即時，%1</translation>
    </message>
    <message>
        <source>finished, %1</source>
        <translation>已完成，%1</translation>
    </message>
    <message>
        <source>stopped, %1</source>
        <translation>已停止，%1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>錯誤：%1</translation>
    </message>
    <message>
        <source>writer stopped, %1</source>
        <translation>寫入行程已停止，%1</translation>
    </message>
    <message>
        <source>writer stopped (no sign of life for %1 s), %2</source>
        <translation>寫入行程已停止（%1 秒無活動跡象），%2</translation>
    </message>
    <message numerus="yes">
        <source> · ranks disagree at %n step(s)</source>
        <translation>
            <numerusform> · 各 rank 在 %n 步上不一致</numerusform>
        </translation>
    </message>
    <message>
        <source> · a newer run %1 is in the file</source>
        <translation> · 檔案中有較新的執行 %1</translation>
    </message>
    <message>
        <source>Following run %1 of %2 (%3 · %4), written by another process: %5. Back to the live run stops following.</source>
        <translation>正在跟隨 %2 中的執行 %1（%3 · %4，由另一個行程寫入）：%5。「返回即時執行」會停止跟隨。</translation>
    </message>
    <message>
        <source>Follow a run store</source>
        <translation>開啟要跟隨的執行紀錄庫</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope 執行紀錄庫 (*.sqlite *.ampscope *.db);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Follow a run (the newest also follows the runs that come after it; a run of a group shows its ranks side by side)</source>
        <translation>跟隨執行（選最新的執行時也會跟隨其後的執行；選群組中的執行時會並排顯示該群組的各個 rank）</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>跟隨</translation>
    </message>
    <message>
        <source>step %1: ranks disagree: %2</source>
        <translation>第 %1 步：各 rank 不一致：%2</translation>
    </message>
    <message>
        <source>ranks disagree</source>
        <translation>rank 不一致</translation>
    </message>
    <message>
        <source>--follow: expected FILE, FILE:RUN, FILE:NAME or FILE:group=NAME, got &apos;%1&apos;</source>
        <translation>--follow：應為 FILE、FILE:RUN、FILE:NAME 或 FILE:group=NAME，實際為 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 中還沒有名為 &apos;%1&apos; 的執行：正在等待</translation>
    </message>
    <message>
        <source>%1:%2 (run %3)</source>
        <translation>%1:%2（執行 %3）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::HistogramHeatmap</name>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>Gradient exponents per layer</source>
        <translation>各層梯度指數</translation>
    </message>
    <message>
        <source>no step yet</source>
        <translation>尚無任何步</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ (scaled, as backward produced it)</source>
        <translation>二進位指數 e = ⌊log₂|g|⌋（已縮放，即反向傳播產生的值）</translation>
    </message>
    <message>
        <source>share of the tensor&apos;s elements</source>
        <translation>占張量元素的比例</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>無工作階段</translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation>等待第一步</translation>
    </message>
    <message>
        <source>binary exponent of the unscaled gradient g/S = e − log₂ S</source>
        <translation>反縮放梯度 g/S 的二進位指數 = e − log₂ S</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ of the scaled gradient</source>
        <translation>縮放後梯度的二進位指數 e = ⌊log₂|g|⌋</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>該步被略過</translation>
    </message>
    <message>
        <source>unscaled view</source>
        <translation>反縮放檢視</translation>
    </message>
    <message>
        <source>bias rows hidden</source>
        <translation>已隱藏偏差列</translation>
    </message>
    <message>
        <source> (unscaled: %1)</source>
        <translation>（反縮放：%1）</translation>
    </message>
    <message>
        <source>exponent ≤ %1%2</source>
        <translation>指數 ≤ %1%2</translation>
    </message>
    <message>
        <source>exponent ≥ %1%2</source>
        <translation>指數 ≥ %1%2</translation>
    </message>
    <message>
        <source>exponent %1: |g| in [2^%1, 2^%2)%3</source>
        <translation>指數 %1：|g| 在 [2^%1, 2^%2) 內%3</translation>
    </message>
    <message>
        <source>%1
no statistics at this step</source>
        <translation>%1
此步沒有統計資料</translation>
    </message>
    <message>
        <source>%1 — %2
%3 of %4 elements (%5%)</source>
        <translation>%1 — %2
%4 個元素中的 %3 個（%5%）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerCountsPlot</name>
    <message>
        <source>Underflow / overflow per layer over steps</source>
        <translation>各層下溢 / 溢位隨步數的變化</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>下溢</translation>
    </message>
    <message>
        <source>Overflow + non-finite</source>
        <translation>溢位 + 非有限值</translation>
    </message>
    <message>
        <source>Underflow: elements nonzero in an fp32 reference backward but zero here (reference steps only). Overflow: NaN and inf elements and finite ones beyond the format&apos;s maximum.</source>
        <translation>下溢：在 fp32 參考反向傳播中非零、在此處為零的元素（僅參考步）。溢位：NaN 與 inf 元素，以及超出格式最大值的有限值。</translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>計數</translation>
    </message>
    <message>
        <source>Weight gradients</source>
        <translation>權重梯度</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>激活梯度</translation>
    </message>
    <message>
        <source>step %1: first offender %2</source>
        <translation>第 %1 步：首個問題層 %2</translation>
    </message>
    <message>
        <source>%1, step %2: %3%</source>
        <translation>%1，第 %2 步：%3%</translation>
    </message>
    <message>
        <source>%1, step %2: %3 elements</source>
        <translation>%1，第 %2 步：%3 個元素</translation>
    </message>
    <message>
        <source>% of elements</source>
        <translation>元素的 %</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素數</translation>
    </message>
    <message>
        <source>no activation gradients in this run</source>
        <translation>此執行沒有激活梯度</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>沒有層</translation>
    </message>
    <message>
        <source>not available in replay</source>
        <translation>重播中無法使用</translation>
    </message>
    <message>
        <source>waiting for statistics</source>
        <translation>等待統計資料</translation>
    </message>
    <message>
        <source>underflow is measured on reference steps only (reference every k steps &gt; 0)</source>
        <translation>下溢僅在參考步測量（每 k 步參考一次，k &gt; 0）</translation>
    </message>
    <message>
        <source>steps %1–%2%3</source>
        <translation>第 %1–%2 步%3</translation>
    </message>
    <message>
        <source> (%1 steps per column, largest shown)</source>
        <translation>（每欄 %1 步，顯示最大值）</translation>
    </message>
    <message>
        <source> · replay: a sample of %1 of %2 statistics steps</source>
        <translation> · 重播：%2 個統計步中抽樣 %1 個</translation>
    </message>
    <message>
        <source> · grey: measured, none</source>
        <translation> · 灰色：已測量，無</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerHistoryHeatmap</name>
    <message>
        <source>Selected layer over time</source>
        <translation>所選層隨時間的變化</translation>
    </message>
    <message>
        <source>select a layer in the table or the histogram</source>
        <translation>請在表格或直方圖中選擇一層</translation>
    </message>
    <message>
        <source>exponent e of the scaled gradient</source>
        <translation>縮放後梯度的指數 e</translation>
    </message>
    <message>
        <source>share of elements</source>
        <translation>元素比例</translation>
    </message>
    <message>
        <source>%1 · waiting for statistics</source>
        <translation>%1 · 等待統計資料</translation>
    </message>
    <message>
        <source>exponent of the unscaled gradient g/S</source>
        <translation>反縮放梯度 g/S 的指數</translation>
    </message>
    <message>
        <source>%1 · steps %2–%3%4</source>
        <translation>%1 · 第 %2–%3 步%4</translation>
    </message>
    <message>
        <source> (%1 steps per column)</source>
        <translation>（每欄 %1 步）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerTableModel</name>
    <message>
        <source>Layer</source>
        <translation>層</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形狀</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>零值</translation>
    </message>
    <message>
        <source>Subnormal</source>
        <translation>次正規</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>下溢</translation>
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
        <translation>首個問題層</translation>
    </message>
    <message>
        <source>Share of the gradient&apos;s elements that are exactly zero (underflow or a dead unit)</source>
        <translation>梯度中恰好為零的元素比例（下溢或死亡單元）</translation>
    </message>
    <message>
        <source>Share of nonzero elements below fp16&apos;s smallest normal 2^-14 (precision is lost there)</source>
        <translation>低於 fp16 最小正規數 2^-14 的非零元素比例（此處會損失精度）</translation>
    </message>
    <message>
        <source>Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; measured every reference_every steps)</source>
        <translation>在 fp32 參考反向傳播中非零、在此卻為零的元素比例（最近一次量測的步；每 reference_every 步量測一次）</translation>
    </message>
    <message>
        <source>Count of NaN, +inf and -inf elements at this step</source>
        <translation>此步中 NaN、+inf 與 -inf 元素的數量</translation>
    </message>
    <message>
        <source>Largest finite magnitude of the scaled gradient</source>
        <translation>縮放後梯度的最大有限絕對值</translation>
    </message>
    <message>
        <source>The first layer to go non-finite in backward order, and how often it was</source>
        <translation>依反向傳播順序首個出現非有限值的層，以及發生次數</translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>%1×, last step %2</source>
        <translation>%1 次，最近一次在第 %2 步</translation>
    </message>
    <message>
        <source>Not measured yet (needs an fp32 reference backward: reference_every &gt; 0)</source>
        <translation>尚未量測（需要 fp32 參考反向傳播：reference_every &gt; 0）</translation>
    </message>
    <message>
        <source>%1 elements lost at step %2, carrying %3% of the gradient mass</source>
        <translation>第 %2 步遺失 %1 個元素，占梯度總量的 %3%</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LossPlot</name>
    <message>
        <source>Training loss</source>
        <translation>訓練損失</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation>被略過的步</translation>
    </message>
    <message>
        <source>cross-entropy loss (log)</source>
        <translation>交叉熵損失（對數）</translation>
    </message>
    <message>
        <source>loss (log)</source>
        <translation>損失（對數）</translation>
    </message>
    <message>
        <source>cross-entropy loss</source>
        <translation>交叉熵損失</translation>
    </message>
    <message>
        <source>skipped step or non-finite loss</source>
        <translation>被略過的步或非有限損失</translation>
    </message>
    <message>
        <source>non-finite loss</source>
        <translation>非有限損失</translation>
    </message>
    <message>
        <source>no loss: the script gave probe.step() none</source>
        <translation>無損失：腳本沒有把損失傳給 probe.step()</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::MainWindow</name>
    <message>
        <source>Following the newest step</source>
        <translation>正在跟隨最新一步</translation>
    </message>
    <message>
        <source>Follow newest step</source>
        <translation>跟隨最新一步</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>層</translation>
    </message>
    <message>
        <source>What the scaler did</source>
        <translation>縮放器做了什麼</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>Export &amp;dashboard…</source>
        <translation>匯出儀表板(&amp;D)…</translation>
    </message>
    <message>
        <source>Export &amp;chart</source>
        <translation>匯出圖表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <source>Start / resume</source>
        <translation>開始 / 繼續</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暫停</translation>
    </message>
    <message>
        <source>Step once</source>
        <translation>單步</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重設</translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation>開始 / 暫停</translation>
    </message>
    <message>
        <source>Load &amp;preset</source>
        <translation>載入預設組(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主題(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode (large fonts, thick lines)</source>
        <translation>簡報模式（大字型、粗線條）(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Follow the newest step</source>
        <translation>跟隨最新一步(&amp;F)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未套用：%1</translation>
    </message>
    <message>
        <source>Following the newest step (click a line in the event log to look at a step)</source>
        <translation>正在跟隨最新一步（點選事件記錄中的一列可檢視該步）</translation>
    </message>
    <message>
        <source>Showing step %1</source>
        <translation>正在顯示第 %1 步</translation>
    </message>
    <message>
        <source>Showing step %1 (per-layer statistics from step %2, the nearest kept)</source>
        <translation>正在顯示第 %1 步（逐層統計來自保留的最近一步：第 %2 步）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 steps · </source>
        <translation>%1 · %2 · %3 步 · </translation>
    </message>
    <message>
        <source>no loss scaling</source>
        <translation>無損失縮放</translation>
    </message>
    <message>
        <source> · overlay %1</source>
        <translation> · 疊加 %1</translation>
    </message>
    <message>
        <source> · %1 lr %2 · batch %3</source>
        <translation> · %1 學習率 %2 · 批次 %3</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>無法寫入 %1</translation>
    </message>
    <message>
        <source>dashboard</source>
        <translation>儀表板</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>匯出失敗</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已寫入 %1</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>開啟執行(&amp;O)…</translation>
    </message>
    <message>
        <source>Replay a run from a run store (recorded here or by &apos;ampscope record&apos;)</source>
        <translation>重播執行紀錄庫中的執行（在此記錄或由 &apos;ampscope record&apos; 記錄）</translation>
    </message>
    <message>
        <source>O&amp;verlay a run…</source>
        <translation>疊加執行(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Remove the overlay</source>
        <translation>移除疊加(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Back to the live run</source>
        <translation>返回即時執行(&amp;B)</translation>
    </message>
    <message>
        <source>Export the visible range as C&amp;SV…</source>
        <translation>將可見範圍匯出為 C&amp;SV…</translation>
    </message>
    <message>
        <source>Back to the live run</source>
        <translation>返回即時執行</translation>
    </message>
    <message>
        <source>AmpScope — replaying run %1 from %2</source>
        <translation>AmpScope — 正在重播 %2 中的執行 %1</translation>
    </message>
    <message>
        <source>AmpScope — run %1 (recording to %2)</source>
        <translation>AmpScope — 執行 %1（記錄到 %2）</translation>
    </message>
    <message>
        <source>Open a run store</source>
        <translation>開啟執行紀錄庫</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope 執行紀錄庫 (*.sqlite *.ampscope *.db);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>Replay a run</source>
        <translation>重播執行</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>重播</translation>
    </message>
    <message>
        <source>Cannot replay the run</source>
        <translation>無法重播該執行</translation>
    </message>
    <message>
        <source>Overlay a run from a run store</source>
        <translation>從執行紀錄庫疊加執行</translation>
    </message>
    <message>
        <source>Overlay a run on the loss and scale charts</source>
        <translation>在損失與縮放圖上疊加一次執行</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>疊加</translation>
    </message>
    <message>
        <source>Cannot overlay the run</source>
        <translation>無法疊加該執行</translation>
    </message>
    <message>
        <source>Export the visible steps %1–%2 as CSV</source>
        <translation>將可見的第 %1–%2 步匯出為 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 檔 (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1 steps to %2</source>
        <translation>已將 %1 步寫入 %2</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>語言(&amp;L)</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>系統預設（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>鍵盤快速鍵(&amp;K)…</translation>
    </message>
    <message>
        <source>Some user presets were skipped: %1</source>
        <translation>部分使用者預設組被略過：%1</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>我的預設組</translation>
    </message>
    <message>
        <source>%1 (my settings)</source>
        <translation>%1（我的設定）</translation>
    </message>
    <message>
        <source>Preset not saved</source>
        <translation>預設組未儲存</translation>
    </message>
    <message>
        <source>Saved preset &apos;%1&apos; in %2</source>
        <translation>已將預設組「%1」儲存到 %2</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>刪除預設組</translation>
    </message>
    <message>
        <source>Delete your preset &apos;%1&apos;?</source>
        <translation>刪除您的預設組「%1」？</translation>
    </message>
    <message>
        <source>Preset not deleted</source>
        <translation>預設組未刪除</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>動作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按鍵</translation>
    </message>
    <message>
        <source>&amp;Follow a run…</source>
        <translation>跟隨執行(&amp;F)…</translation>
    </message>
    <message>
        <source>Formats what-if</source>
        <translation>格式假設分析</translation>
    </message>
    <message>
        <source>Export the formats what-if</source>
        <translation>匯出格式假設分析</translation>
    </message>
    <message>
        <source>There are no per-layer statistics to export yet.</source>
        <translation>尚無可匯出的逐層統計。</translation>
    </message>
    <message>
        <source>Export the formats what-if of step %1 as CSV</source>
        <translation>將第 %1 步的格式假設分析匯出為 CSV</translation>
    </message>
    <message>
        <source>Wrote the what-if of step %1 (%2 rows) to %3</source>
        <translation>已將第 %1 步的假設分析（%2 列）寫入 %3</translation>
    </message>
    <message>
        <source>&amp;About AmpScope</source>
        <translation>關於 AmpScope(&amp;A)</translation>
    </message>
    <message>
        <source>Export the formats &amp;what-if as CSV…</source>
        <translation>將格式假設分析匯出為 CSV(&amp;W)…</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全螢幕(&amp;U)</translation>
    </message>
    <message>
        <source>The run&apos;s own format</source>
        <translation>執行自身的格式</translation>
    </message>
    <message>
        <source>GradScaler (init %1, interval %2)</source>
        <translation>GradScaler（初始 %1，間隔 %2）</translation>
    </message>
    <message>
        <source>Format li&amp;mits drawn</source>
        <translation>繪製的格式界限(&amp;M)</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>steps %1–%2</source>
        <translation>第 %1–%2 步</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no step skipped, the scale never changed</source>
        <translation>%1: 無事可報: 沒有略過的步，縮放從未改變</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no loss scaling, and no gradient went non-finite</source>
        <translation>%1: 無事可報: 未使用損失縮放，也沒有梯度變為非有限值</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ReplayController</name>
    <message>
        <source>Opening run %1 of %2</source>
        <translation>正在開啟 %2 中的執行 %1</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: reading statistics</source>
        <translation>正在開啟 %2 中的執行 %1：正在讀取統計</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: %3 of %4 steps</source>
        <translation>正在開啟 %2 中的執行 %1：%3 / %4 步</translation>
    </message>
    <message>
        <source>Replaying run %1 from %2 (read-only: %3 · %4 · %5 steps, %6). Click the event log or the charts to look at a step.</source>
        <translation>正在重播 %2 中的執行 %1（唯讀：%3 · %4 · %5 步，%6）。點選事件記錄或圖表可檢視某一步。</translation>
    </message>
    <message>
        <source>run %1: %2 (live)</source>
        <translation>執行 %1：%2（即時）</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>即時：%1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunBrowser</name>
    <message>
        <source>Runs in %1</source>
        <translation>%1 中的執行</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 中還沒有執行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>建立時間（UTC）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步數</translation>
    </message>
    <message>
        <source>Final scale</source>
        <translation>最終縮放</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>略過</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>最終損失</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>狀態</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>Reading the runs in %1…</source>
        <translation>正在讀取 %1 中的執行…</translation>
    </message>
    <message>
        <source>Group (rank)</source>
        <translation>群組（rank）</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1（rank %2 / %3）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunSettingsView</name>
    <message>
        <source>off</source>
        <translation>關閉</translation>
    </message>
    <message>
        <source>every step</source>
        <translation>每一步</translation>
    </message>
    <message>
        <source>every %1 steps</source>
        <translation>每 %1 步</translation>
    </message>
    <message>
        <source>Settings of run %1 of %2</source>
        <translation>%2 中執行 %1 的設定</translation>
    </message>
    <message>
        <source>As the run was recorded (read-only). The live run&apos;s controls come back with &quot;Back to the live run&quot;.</source>
        <translation>依執行被記錄時的設定顯示（唯讀）。按「返回即時執行」即可回到即時執行的控制面板。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>your script, through the Python probe</source>
        <translation>你的腳本（透過 Python 探針）</translation>
    </message>
    <message>
        <source>AmpScope (a built-in model)</source>
        <translation>AmpScope（內建模型）</translation>
    </message>
    <message>
        <source>%1, on %2 (process %3)</source>
        <translation>%1，在 %2 上（行程 %3）</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>寫入者</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，資料集 %2</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>%1 of %2, group %3</source>
        <translation>%2 個中的第 %1 個，群組 %3</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>開始於</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>訓練</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>最佳化器</translation>
    </message>
    <message>
        <source>not recorded (watch() was given none, or one AmpScope has no name for)</source>
        <translation>未記錄（watch() 沒有傳入最佳化器，或傳入了 AmpScope 不認得的最佳化器）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>學習率</translation>
    </message>
    <message>
        <source>%1 at the start</source>
        <translation>開始時 %1</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>動量</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>權重衰減</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批次大小</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>隨機種子</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>每步的微批次數</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>norm %1, after unscaling</source>
        <translation>範數 %1，在反縮放之後</translation>
    </message>
    <message>
        <source>norm %1, before unscaling (scaled gradients)</source>
        <translation>範數 %1，在反縮放之前（縮放後的梯度）</translation>
    </message>
    <message>
        <source>%1 at step %2 (%3)</source>
        <translation>%1，第 %2 步（%3）</translation>
    </message>
    <message>
        <source>Faults injected</source>
        <translation>注入的故障</translation>
    </message>
    <message>
        <source>Loss scaler</source>
        <translation>損失縮放器</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>縮放器</translation>
    </message>
    <message>
        <source>off: no loss scaling</source>
        <translation>關閉：不做損失縮放</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初始縮放</translation>
    </message>
    <message>
        <source>Growth</source>
        <translation>增長</translation>
    </message>
    <message>
        <source>×%1 after %2 clean steps</source>
        <translation>連續 %2 個正常步後 ×%1</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>退避</translation>
    </message>
    <message>
        <source>×%1 on a skipped step</source>
        <translation>略過一步時 ×%1</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>遲滯</translation>
    </message>
    <message>
        <source>%1 overflows in a row</source>
        <translation>連續 %1 次溢位</translation>
    </message>
    <message>
        <source>%1 overflows since the last growth</source>
        <translation>自上次增長以來 %1 次溢位</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小縮放</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大縮放</translation>
    </message>
    <message>
        <source>Static scale</source>
        <translation>靜態縮放</translation>
    </message>
    <message>
        <source>yes: never grows or backs off</source>
        <translation>是：從不增長也從不退避</translation>
    </message>
    <message>
        <source>At the start of the run: the scale chart shows every change made during it.</source>
        <translation>這是執行開始時的值：執行中的每次變更都顯示在縮放圖上。</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Per-layer statistics</source>
        <translation>逐層統計</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>激活梯度</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>已記錄</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未記錄</translation>
    </message>
    <message>
        <source>Flushed to zero by a cast</source>
        <translation>轉換時被清為零</translation>
    </message>
    <message>
        <source>Underflow reference</source>
        <translation>下溢參考</translation>
    </message>
    <message>
        <source>Limits of</source>
        <translation>極限格式</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方圖</translation>
    </message>
    <message>
        <source>2^%1 to 2^%2</source>
        <translation>2^%1 到 2^%2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SavePresetDialog</name>
    <message>
        <source>Save preset</source>
        <translation>儲存預設組</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>標題</translation>
    </message>
    <message>
        <source>What this run shows, in a few sentences (shown beside the charts)</source>
        <translation>用幾句話說明此執行展示了什麼（顯示在圖表旁）</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>Saves the current settings (model, precision, scaler, learning rate, clipping, ...) as a preset listed after the built-in ones.</source>
        <translation>把目前設定（模型、精度、縮放器、學習率、裁剪等）儲存為預設組，列在內建預設組之後。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalePlot</name>
    <message>
        <source>Loss scale</source>
        <translation>損失縮放</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>縮放</translation>
    </message>
    <message>
        <source>skipped step (backoff)</source>
        <translation>被略過的步（退避）</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增長</translation>
    </message>
    <message>
        <source>no loss scaling in this run: S = 1, nothing is skipped</source>
        <translation>本次執行無損失縮放：S = 1，不略過任何步</translation>
    </message>
    <message>
        <source>skipped (%1)</source>
        <translation>略過（%1）</translation>
    </message>
    <message>
        <source>step %1
scale %2 → %3 (%4)
growth tracker %5</source>
        <translation>第 %1 步
縮放 %2 → %3（%4）
增長計數 %5</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>該步被略過</translation>
    </message>
    <message>
        <source>first offender: %1</source>
        <translation>首個問題層：%1</translation>
    </message>
    <message>
        <source>
%1: scale %2 → %3 (%4)%5</source>
        <translation>
%1：縮放 %2 → %3（%4）%5</translation>
    </message>
    <message>
        <source>, skipped</source>
        <translation>，已略過</translation>
    </message>
    <message>
        <source>scale S (log₂)</source>
        <translation>縮放 S（log₂）</translation>
    </message>
    <message>
        <source>the scale each step ran with</source>
        <translation>每一步所用的縮放</translation>
    </message>
    <message>
        <source>hover for details</source>
        <translation>游標停留可看詳情</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalerPanel</name>
    <message>
        <source>Loss scaler (live)</source>
        <translation>損失縮放器（即時）</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>啟用</translation>
    </message>
    <message>
        <source>Off: gradients are not scaled, non-finite steps are not skipped</source>
        <translation>關閉：梯度不縮放，非有限步也不略過</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>縮放器</translation>
    </message>
    <message>
        <source>The scale a run starts with (a power of two). While a run is going it sets the current scale at the next step (the scale plot says &apos;set by user&apos;).</source>
        <translation>執行開始時的縮放（2 的冪）。執行中修改會在下一步設定目前的縮放（縮放圖中顯示「使用者設定」）。</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初始縮放</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps (must be &gt; 1)</source>
        <translation>連續 growth-interval 個正常步後縮放的乘數（必須 &gt; 1）</translation>
    </message>
    <message>
        <source>Growth factor</source>
        <translation>增長因子</translation>
    </message>
    <message>
        <source>Scale multiplier after a step with inf/NaN gradients (must be &lt; 1)</source>
        <translation>出現 inf/NaN 梯度的步之後縮放的乘數（必須 &lt; 1）</translation>
    </message>
    <message>
        <source>Backoff factor</source>
        <translation>退避因子</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (log slider, 1 to 10000)</source>
        <translation>縮放增長前所需的正常步數（對數滑桿，1 到 10000）</translation>
    </message>
    <message>
        <source>Growth interval</source>
        <translation>增長間隔</translation>
    </message>
    <message>
        <source>Back off only after this many overflows (1 = PyTorch)</source>
        <translation>溢位達到此次數後才退避（1 = PyTorch）</translation>
    </message>
    <message>
        <source>consecutive</source>
        <translation>連續</translation>
    </message>
    <message>
        <source>Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth</source>
        <translation>每個正常步都恢復遲滯計數器（DeepSpeed/Apex），而不僅是在增長時</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>遲滯</translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation>無（0）</translation>
    </message>
    <message>
        <source>Floor after a backoff; without one the scale can reach 0 and stay there</source>
        <translation>退避後的下限；沒有下限時縮放可能降到 0 並停在那裡</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小縮放</translation>
    </message>
    <message>
        <source>none (∞)</source>
        <translation>無（∞）</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大縮放</translation>
    </message>
    <message>
        <source>static scale</source>
        <translation>靜態縮放</translation>
    </message>
    <message>
        <source>The scale never grows or backs off; non-finite steps are still skipped</source>
        <translation>縮放從不增長也不退避；非有限步仍會被略過</translation>
    </message>
    <message>
        <source>%1 = %2: outside the slider&apos;s steps (%3 to %4); moving the slider replaces it</source>
        <translation>%1 = %2：超出滑桿的刻度（%3 到 %4）；移動滑桿會取代此值</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SessionController</name>
    <message>
        <source>Not recording this run: %1. Training goes on unrecorded.</source>
        <translation>本次執行未記錄：%1。訓練將在不記錄的情況下繼續。</translation>
    </message>
    <message>
        <source>Loading Fashion-MNIST and building fashion-cnn…</source>
        <translation>正在載入 Fashion-MNIST 並建立 fashion-cnn…</translation>
    </message>
    <message>
        <source>Building %1 (%2)…</source>
        <translation>正在建立 %1（%2）…</translation>
    </message>
    <message>
        <source>Could not build the session: %1</source>
        <translation>無法建立工作階段：%1</translation>
    </message>
    <message>
        <source>step %1: injecting %2 into %3 at the next step</source>
        <translation>第 %1 步：將在下一步向 %3 注入 %2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知錯誤</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::StatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未記錄</translation>
    </message>
    <message>
        <source>● recording run %1</source>
        <translation>● 正在記錄執行 %1</translation>
    </message>
    <message>
        <source>Every step of this run is recorded in %1 (File &gt; Open replays it)</source>
        <translation>此執行的每一步都記錄在 %1 中（「檔案 &gt; 開啟」可重播）</translation>
    </message>
    <message>
        <source>replay: %1 steps</source>
        <translation>重播：%1 步</translation>
    </message>
    <message>
        <source>final scale %1</source>
        <translation>最終縮放 %1</translation>
    </message>
    <message>
        <source>no scaler</source>
        <translation>無縮放器</translation>
    </message>
    <message>
        <source>skipped %1 (%2%)</source>
        <translation>略過 %1（%2%）</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>載入中</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>無工作階段</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就緒</translation>
    </message>
    <message>
        <source>running</source>
        <translation>執行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暫停</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped by an error</source>
        <translation>因錯誤停止</translation>
    </message>
    <message>
        <source>step %1 (%2)</source>
        <translation>第 %1 步（%2）</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <source>scale %1</source>
        <translation>縮放 %1</translation>
    </message>
    <message>
        <source>skipped 0</source>
        <translation>略過 0</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>丟棄 %1</translation>
    </message>
    <message>
        <source>Records the GUI could not take in time (the training never waits for the GUI)</source>
        <translation>GUI 未能及時接收的紀錄（訓練從不等待 GUI）</translation>
    </message>
    <message>
        <source>The rank whose statistics the charts and the layer table show</source>
        <translation>圖表與層表格顯示其統計資料的 rank</translation>
    </message>
    <message>
        <source>recorded so far: %1 steps</source>
        <translation>已記錄：%1 步</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfModel</name>
    <message>
        <source>No session</source>
        <translation>無工作階段</translation>
    </message>
    <message>
        <source>No per-layer statistics yet</source>
        <translation>尚無逐層統計</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>該步被略過</translation>
    </message>
    <message>
        <source>unscaled gradient g/S</source>
        <translation>反縮放梯度 g/S</translation>
    </message>
    <message>
        <source>scaled gradient, as backward produced it</source>
        <translation>縮放後的梯度，即反向傳播產生的值</translation>
    </message>
    <message>
        <source>(the unscaled what-if needs a power-of-two scale)</source>
        <translation>（反縮放的假設分析需要 2 的冪作為縮放）</translation>
    </message>
    <message>
        <source>cast with no per-tensor scaling</source>
        <translation>不做逐張量縮放的轉換</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>層</translation>
    </message>
    <message>
        <source>%1
underflow</source>
        <translation>%1
下溢</translation>
    </message>
    <message>
        <source>%1
overflow</source>
        <translation>%1
溢位</translation>
    </message>
    <message>
        <source>Share of the elements that are non-zero but would become zero when cast to %1 (|x| ≤ %2, half its smallest subnormal: the tie rounds to the even zero)</source>
        <translation>非零但轉換為 %1 時會變為零的元素比例（|x| ≤ %2，即其最小次正規數的一半：恰在中點時捨入到偶數，即零）</translation>
    </message>
    <message>
        <source>Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)</source>
        <translation>轉換為 %2 時會變為 %1 的有限元素比例（|x| %3 %4；其最大有限值為 %5）</translation>
    </message>
    <message>
        <source>%1: no statistics at this step</source>
        <translation>%1：此步沒有統計資料</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would flush to zero</source>
        <translation>%1 → %2：%4 個元素中有 %3 個會被清為零</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would overflow</source>
        <translation>%1 → %2：%4 個元素中有 %3 個會溢位</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would flush to zero</source>
        <translation>%1 → %2：%5 個元素中有 %3 到 %4 個會被清為零</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would overflow</source>
        <translation>%1 → %2：%5 個元素中有 %3 到 %4 個會溢位</translation>
    </message>
    <message>
        <source>flushes: non-zero |x| ≤ %1</source>
        <translation>清為零：非零且 |x| ≤ %1</translation>
    </message>
    <message>
        <source>overflows: |x| %1 %2</source>
        <translation>溢位：|x| %1 %2</translation>
    </message>
    <message>
        <source>%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it</source>
        <translation>%1 個元素落在跨越該界限的區間中，指數直方圖無法將其拆分</translation>
    </message>
    <message>
        <source>no per-layer statistics to export</source>
        <translation>沒有可匯出的逐層統計</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>無法寫入 %1：%2</translation>
    </message>
    <message>
        <source>shares of all elements (a–b: the histogram only bounds the count)</source>
        <translation>占全部元素的比例（a–b：直方圖只能給出數量的範圍）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfPanel</name>
    <message>
        <source>What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to zero or overflow, from the exact exponent histogram (docs/measurements.md, &quot;Format what-if&quot;). The values are already in the run&apos;s own format: a cast to that format changes nothing, and what the run flushed is counted as zero now (the Layers table&apos;s Underflow column measures it against an fp32 reference).</source>
        <translation>把本步記錄的各梯度以「捨入到最近偶數」轉換為各格式時，哪些會被清為零或溢位，由精確的指數直方圖得出（docs/measurements.md，&quot;Format what-if&quot;）。這些值已處於執行自身的格式：轉換為該格式不會改變任何值，執行中已被清為零的元素在此按零計數（層表的「下溢」欄以 fp32 參考來量測它）。</translation>
    </message>
</context>
</TS>
