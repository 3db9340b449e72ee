<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartBase</name>
    <message>
        <source>optimizer step</source>
        <translation>优化器步数</translation>
    </message>
    <message>
        <source>%1 subnormal %2</source>
        <translation>%1 次正规数 %2</translation>
    </message>
    <message>
        <source>%1 normal %2</source>
        <translation>%1 正规数 %2</translation>
    </message>
    <message>
        <source>%1 max %2</source>
        <translation>%1 最大值 %2</translation>
    </message>
    <message>
        <source>%1 limits (%2 … %3) lie outside the plotted exponents</source>
        <translation>%1 的界限（%2 … %3）超出所绘的指数范围</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>unknown option --%1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>未知选项 --%1（参见 &apos;ampscope %2 --help&apos;）</translation>
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
        <translation>--%1 需要一个值（%2）</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>missing %1 (see &apos;ampscope %2 --help&apos;)</source>
        <translation>缺少 %1（参见 &apos;ampscope %2 --help&apos;）</translation>
    </message>
    <message>
        <source>Usage:</source>
        <translation>用法：</translation>
    </message>
    <message>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Arguments:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>Language of messages and help: %1 (default: the system&apos;s).</source>
        <translation>消息和帮助的语言：%1（默认：系统语言）。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示此帮助并退出。</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a number in %3</source>
        <translation>--%1 &apos;%2&apos;：应为 %3 范围内的数字</translation>
    </message>
    <message>
        <source>--%1 %2: out of range, allowed %3</source>
        <translation>--%1 %2：超出范围，允许 %3</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected an integer in %3</source>
        <translation>--%1 &apos;%2&apos;：应为 %3 范围内的整数</translation>
    </message>
    <message>
        <source>Steps per run, in [10, 100000] (default 300).</source>
        <translation>每次运行的步数，范围 [10, 100000]（默认 300）。</translation>
    </message>
    <message>
        <source>Trains the deep MLP three ways and narrates what fp16 does to its gradients.</source>
        <translation>用三种方式训练深层 MLP，并讲解 fp16 对其梯度做了什么。</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>loss fp32</source>
        <translation>损失 fp32</translation>
    </message>
    <message>
        <source>loss fp16</source>
        <translation>损失 fp16</translation>
    </message>
    <message>
        <source>loss scaled</source>
        <translation>损失 缩放</translation>
    </message>
    <message>
        <source>fc1 lost fp16</source>
        <translation>fc1 丢失 fp16</translation>
    </message>
    <message>
        <source>fc1 lost scl</source>
        <translation>fc1 丢失 缩放</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>What happened: without a scaler, fp16 flushed %1% of fc1&apos;s weight-gradient elements to zero in the
last measured step (gradients below 2^-24 do not exist in fp16); multiplying the loss by the
scale first kept %2% of them. Final losses: fp32 %3, fp16 %4, fp16 + scaler %5.</source>
        <translation>发生了什么：没有缩放器时，在最后一次测量的步中 fp16 把 fc1 权重梯度 %1% 的元素冲刷为零
（fp16 中不存在小于 2^-24 的梯度）；先把损失乘以缩放因子，
则保留了其中的 %2%。最终损失：fp32 %3，fp16 %4，fp16 + 缩放器 %5。</translation>
    </message>
    <message numerus="yes">
        <source>The scaler skipped %n step(s) for inf/NaN gradients.</source>
        <translation>
            <numerusform>缩放器因 inf/NaN 梯度跳过了 %n 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Record your own run: %1</source>
        <translation>记录您自己的运行：%1</translation>
    </message>
    <message>
        <source>(see ampscope export --help)</source>
        <translation>（参见 ampscope export --help）</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot write %1 (disk full?)</source>
        <translation>无法写入 %1（磁盘已满？）</translation>
    </message>
    <message>
        <source>--run needs a run id</source>
        <translation>--run 需要一个运行 ID</translation>
    </message>
    <message>
        <source>--csv needs a folder</source>
        <translation>--csv 需要一个文件夹</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;</source>
        <translation>未知选项 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos; (FILE is already &apos;%2&apos;)</source>
        <translation>意外的参数 &apos;%1&apos;（FILE 已是 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>missing FILE (the run store to read)</source>
        <translation>缺少 FILE（要读取的运行存储）</translation>
    </message>
    <message>
        <source>missing --csv DIR (the folder to write to)</source>
        <translation>缺少 --csv DIR（要写入的文件夹）</translation>
    </message>
    <message>
        <source>%1 holds no runs</source>
        <translation>%1 中没有运行</translation>
    </message>
    <message>
        <source>no run %1 in %2 (runs: %3)</source>
        <translation>%2 中没有运行 %1（已有运行：%3）</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>无法创建文件夹 %1：%2</translation>
    </message>
    <message>
        <source>a file of that name exists</source>
        <translation>已存在同名文件</translation>
    </message>
    <message numerus="yes">
        <source>exported run %1 (%2, %3, %n steps, %4 layer rows) to %5</source>
        <translation>
            <numerusform>已将运行 %1（%2，%3，%n 步，%4 行层统计）导出到 %5</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps/s  scale %2  loss %3</source>
        <translation>%1 步/秒  缩放 %2  损失 %3</translation>
    </message>
    <message>
        <source>--out: the file name is empty</source>
        <translation>--out：文件名为空</translation>
    </message>
    <message>
        <source>No progress bar.</source>
        <translation>不显示进度条。</translation>
    </message>
    <message>
        <source>recording stopped: %1</source>
        <translation>记录已停止：%1</translation>
    </message>
    <message>
        <source>training failed at step %1: %2</source>
        <translation>训练在第 %1 步失败：%2</translation>
    </message>
    <message>
        <source>see what mixed-precision training does to gradients.</source>
        <translation>看看混合精度训练对梯度做了什么。</translation>
    </message>
    <message>
        <source>open the main window on the default demo</source>
        <translation>打开主窗口并运行默认演示</translation>
    </message>
    <message>
        <source>open the main window on the default demo (this build has no GUI: runs `demo`)</source>
        <translation>打开主窗口并运行默认演示（此构建没有 GUI：运行 `demo`）</translation>
    </message>
    <message>
        <source>train headless and record every step into a run store</source>
        <translation>无界面训练并把每一步记录到运行存储</translation>
    </message>
    <message>
        <source>write a stored run&apos;s steps and per-layer stats as CSV</source>
        <translation>把已存储运行的各步与逐层统计导出为 CSV</translation>
    </message>
    <message>
        <source>the default demonstration, narrated on the terminal</source>
        <translation>默认演示，在终端中讲解</translation>
    </message>
    <message>
        <source>Every command takes --lang CODE (%1; default: the system&apos;s language).</source>
        <translation>每个命令都接受 --lang CODE（%1；默认：系统语言）。</translation>
    </message>
    <message>
        <source>&apos;ampscope COMMAND --help&apos; documents each command.</source>
        <translation>&apos;ampscope COMMAND --help&apos; 会说明每个命令。</translation>
    </message>
    <message>
        <source>This AmpScope build has no GUI (built with AMPSCOPE_GUI=OFF): running the headless demo.</source>
        <translation>此 AmpScope 构建没有 GUI（以 AMPSCOPE_GUI=OFF 构建）：运行无界面演示。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: expected LAYER:KIND@STEP, e.g. fc3:inf@100 or loss:nan@5</source>
        <translation>--inject &apos;%1&apos;：应为 LAYER:KIND@STEP，例如 fc3:inf@100 或 loss:nan@5</translation>
    </message>
    <message>
        <source>--inject &apos;%1&apos;: KIND must be inf or nan</source>
        <translation>--inject &apos;%1&apos;：KIND 必须是 inf 或 nan</translation>
    </message>
    <message>
        <source>Model: spiral-mlp (default), deep-mlp, fashion-cnn.</source>
        <translation>模型：spiral-mlp（默认）、deep-mlp、fashion-cnn。</translation>
    </message>
    <message>
        <source>--model &apos;%1&apos;: allowed spiral-mlp, deep-mlp, fashion-cnn</source>
        <translation>--model &apos;%1&apos;：允许的值为 spiral-mlp、deep-mlp、fashion-cnn</translation>
    </message>
    <message>
        <source>Dataset: spirals, clusters, fashion-mnist (default: the model&apos;s own).</source>
        <translation>数据集：spirals、clusters、fashion-mnist（默认：模型自带的）。</translation>
    </message>
    <message>
        <source>--dataset &apos;%1&apos;: allowed spirals, clusters, fashion-mnist</source>
        <translation>--dataset &apos;%1&apos;：允许的值为 spirals、clusters、fashion-mnist</translation>
    </message>
    <message>
        <source>Where the Fashion-MNIST IDX files are (default /usr/share/datasets/fashion-mnist).</source>
        <translation>Fashion-MNIST IDX 文件所在位置（默认 /usr/share/datasets/fashion-mnist）。</translation>
    </message>
    <message>
        <source>fp32, bf16 or fp16 (default). fp16/bf16 on the CPU are emulated and labelled so.</source>
        <translation>fp32、bf16 或 fp16（默认）。CPU 上的 fp16/bf16 为模拟，并会如此标注。</translation>
    </message>
    <message>
        <source>--precision &apos;%1&apos;: allowed fp32, bf16, fp16</source>
        <translation>--precision &apos;%1&apos;：允许的值为 fp32、bf16、fp16</translation>
    </message>
    <message>
        <source>auto (default: CUDA when available), cpu or cuda.</source>
        <translation>auto（默认：有 CUDA 时使用 CUDA）、cpu 或 cuda。</translation>
    </message>
    <message>
        <source>--device &apos;%1&apos;: allowed auto, cpu, cuda</source>
        <translation>--device &apos;%1&apos;：允许的值为 auto、cpu、cuda</translation>
    </message>
    <message>
        <source>sgd (with momentum), adam (default) or adamw.</source>
        <translation>sgd（带动量）、adam（默认）或 adamw。</translation>
    </message>
    <message>
        <source>--optimizer &apos;%1&apos;: allowed sgd, adam, adamw</source>
        <translation>--optimizer &apos;%1&apos;：允许的值为 sgd、adam、adamw</translation>
    </message>
    <message>
        <source>Learning rate, in %1 (default %2).</source>
        <translation>学习率，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>SGD momentum, in %1 (default %2).</source>
        <translation>SGD 动量，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Weight decay, in %1 (default %2).</source>
        <translation>权重衰减，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Examples per micro-batch, in %1 (default %2).</source>
        <translation>每个微批次的样本数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Optimizer steps to run, in %1 (default %2).</source>
        <translation>要运行的优化器步数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Train without a GradScaler (non-finite gradients reach the weights).</source>
        <translation>不使用 GradScaler 训练（非有限梯度会作用到权重上）。</translation>
    </message>
    <message>
        <source>Initial loss scale, in %1 (default %2 = %3).</source>
        <translation>初始损失缩放，范围 %1（默认 %2 = %3）。</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps, in %1 (default %2).</source>
        <translation>连续 growth-interval 个正常步后缩放的乘数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Scale multiplier on overflow, in %1 (default %2).</source>
        <translation>上溢时缩放的乘数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows, in %1 (default %2).</source>
        <translation>缩放增长前所需的正常步数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Overflows tolerated before a backoff (Megatron), in %1 (default %2 = PyTorch).</source>
        <translation>回退前容忍的上溢次数（Megatron），范围 %1（默认 %2 = PyTorch）。</translation>
    </message>
    <message>
        <source>Refill the hysteresis counter on every clean step (DeepSpeed).</source>
        <translation>每个正常步都重置滞后计数器（DeepSpeed）。</translation>
    </message>
    <message>
        <source>Floor after backoff, in %1 (default %2 = none: the scale can reach 0).</source>
        <translation>回退后的下限，范围 %1（默认 %2 = 无：缩放可能降到 0）。</translation>
    </message>
    <message>
        <source>Cap after growth, in %1 (default %2 = none).</source>
        <translation>增长后的上限，范围 %1（默认 %2 = 无）。</translation>
    </message>
    <message>
        <source>Never grow or back off (still skips non-finite steps).</source>
        <translation>从不增长或回退（仍会跳过非有限步）。</translation>
    </message>
    <message>
        <source>Construct the scaler with enabled=false (PyTorch&apos;s transparent mode).</source>
        <translation>以 enabled=false 构造缩放器（PyTorch 的透明模式）。</translation>
    </message>
    <message>
        <source>Clip the total gradient norm to X, %1 &lt;= X &lt;= %2 (default %3 = off).</source>
        <translation>把梯度总范数裁剪到 X，%1 &lt;= X &lt;= %2（默认 %3 = 关闭）。</translation>
    </message>
    <message>
        <source>Clip the still-scaled gradients (the classic bug, for demonstration).</source>
        <translation>裁剪仍处于缩放状态的梯度（经典错误，用于演示）。</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step, in %1 (default %2).</source>
        <translation>每个优化器步的微批次数，范围 %1（默认 %2）。</translation>
    </message>
    <message>
        <source>Inject inf or nan into a layer&apos;s weight gradient (or &apos;loss&apos;) at a step; repeatable.</source>
        <translation>在某一步向某层的权重梯度（或 &apos;loss&apos;）注入 inf 或 nan；可重复。</translation>
    </message>
    <message>
        <source>Per-layer statistics every N steps, N &gt;= %1 (default %2; 0 = never).</source>
        <translation>每 N 步统计一次逐层数据，N &gt;= %1（默认 %2；0 = 从不）。</translation>
    </message>
    <message>
        <source>fp32 reference backward for underflow every K steps (default %1 = off).</source>
        <translation>每 K 步做一次用于统计下溢的 fp32 参考反向传播（默认 %1 = 关闭）。</translation>
    </message>
    <message>
        <source>Do not instrument the gradients of module outputs.</source>
        <translation>不监测模块输出的梯度。</translation>
    </message>
    <message>
        <source>Exponent range of the histograms, %1 &lt;= LO &lt; HI &lt;= %2 (default %3:%4).</source>
        <translation>直方图的指数范围，%1 &lt;= LO &lt; HI &lt;= %2（默认 %3:%4）。</translation>
    </message>
    <message>
        <source>--hist-range &apos;%1&apos;: expected LO:HI, e.g. -40:20</source>
        <translation>--hist-range &apos;%1&apos;：应为 LO:HI，例如 -40:20</translation>
    </message>
    <message>
        <source>Format whose subnormals/overflows are counted: fp16 (default), bf16, fp8-e4m3, fp8-e5m2, fp32.</source>
        <translation>统计次正规数/上溢所依据的格式：fp16（默认）、bf16、fp8-e4m3、fp8-e5m2、fp32。</translation>
    </message>
    <message>
        <source>--hist-format &apos;%1&apos;: allowed fp16, bf16, fp8-e4m3, fp8-e5m2, fp32</source>
        <translation>--hist-format &apos;%1&apos;：允许的值为 fp16、bf16、fp8-e4m3、fp8-e5m2、fp32</translation>
    </message>
    <message>
        <source>--%1 &apos;%2&apos;: expected a non-negative integer in [0, 2^64-1]</source>
        <translation>--%1 &apos;%2&apos;：应为 [0, 2^64-1] 范围内的非负整数</translation>
    </message>
    <message>
        <source>When writing the run store fails (disk full, file size limit, file deleted): stop (default) or continue training unrecorded. Either way the message goes to stderr and the exit status is 3.</source>
        <translation>写入运行存储失败时（磁盘已满、超出文件大小限制、文件被删除）：stop（默认）停止，或 continue 继续训练但不再记录。两种情况下消息都会输出到 stderr，退出状态为 3。</translation>
    </message>
    <message>
        <source>--on-record-error &apos;%1&apos;: allowed stop, continue</source>
        <translation>--on-record-error &apos;%1&apos;：允许的值为 stop、continue</translation>
    </message>
    <message>
        <source>Trains a model headless (no display, no Qt GUI libraries) and records every step into a run
store that the GUI opens later. The last line on stdout is one JSON object:
  %1
Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording
stopped (disk full...; the steps committed before are in the store).
Example: %2</source>
        <translation>以无界面方式（无需显示器和 Qt GUI 库）训练模型，并把每一步记录到运行存储中，
之后可在 GUI 中打开。stdout 的最后一行是一个 JSON 对象：
  %1
退出状态：0 完成，1 训练或存储无法启动，2 选项错误，3 记录
已停止（磁盘已满等；之前已提交的步仍在存储中）。
示例：%2</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, or no GPU was found); allowed on this machine: auto, cpu</source>
        <translation>--device cuda：此处没有可用的 CUDA 设备（此 LibTorch 不支持 CUDA，或未找到 GPU）；本机允许的值为 auto、cpu</translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded (--on-record-error continue)</source>
        <translation>记录已停止：%1；训练继续但不再记录（--on-record-error continue）</translation>
    </message>
    <message>
        <source>Seed of data, weights and sampling, in %1 (default %2). Same seed, same CPU records.</source>
        <translation>数据、权重和采样的种子，范围 %1（默认 %2）。相同种子在 CPU 上得到相同记录。</translation>
    </message>
    <message>
        <source>LibTorch compute threads, in [1, 256] (default: chosen from the model&apos;s layers and the cores, BLAS threads too).</source>
        <translation>LibTorch 计算线程数，范围 [1, 256]（默认：根据模型的层和核心数选择，BLAS 线程数亦然）。</translation>
    </message>
    <message>
        <source>AmpScope demo (headless): the deep MLP (12 hidden layers) on 10 Gaussian clusters, trained three ways
on %1: fp32, %2 without a loss scaler, and %2 through the GradScaler
(init scale 2^16). Every 25 steps an fp32 reference backward counts the fc1
weight-gradient elements that fp16 flushed to zero (underflow).</source>
        <translation>AmpScope 演示（无界面）：深层 MLP（12 个隐藏层）在 10 个高斯簇上以三种方式训练
（在 %1 上）：fp32、不带损失缩放的 %2，以及经过 GradScaler 的 %2
（初始缩放 2^16）。每 25 步用一次 fp32 参考反向传播统计 fc1
权重梯度中被 fp16 冲刷为零的元素（下溢）。</translation>
    </message>
    <message>
        <source>Options of the main window (ampscope [options]):</source>
        <translation>主窗口的选项（ampscope [options]）：</translation>
    </message>
    <message>
        <source>save a preset&apos;s or a stored run&apos;s charts as PNG, PDF or SVG, without a display</source>
        <translation>无需显示器，把预设或已存储运行的图表保存为 PNG、PDF 或 SVG</translation>
    </message>
    <message>
        <source>(see ampscope runs --help)</source>
        <translation>（参见 ampscope runs --help）</translation>
    </message>
    <message>
        <source>running (live)</source>
        <translation>运行中（活跃）</translation>
    </message>
    <message>
        <source>running (its writer, process %1, has ended)</source>
        <translation>运行中（其写入进程 %1 已结束）</translation>
    </message>
    <message>
        <source>running (no write for %1 s)</source>
        <translation>运行中（%1 秒无写入）</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 中还没有运行</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation>创建时间（UTC）</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
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
        <translation>设备</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>final loss</source>
        <translation>最终损失</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>group (rank)</source>
        <translation>组（rank）</translation>
    </message>
    <message>
        <source>%1 (rank %2 of %3)</source>
        <translation>%1（rank %2 / %3）</translation>
    </message>
    <message>
        <source>Runs in %1:</source>
        <translation>%1 中的运行:</translation>
    </message>
    <message>
        <source>Open one in the window: ampscope --replay %1:%2 (or --follow while it is written); as CSV: ampscope export %1 --run %2 --csv DIR</source>
        <translation>在窗口中打开: ampscope --replay %1:%2（仍在写入时用 --follow）；导出为 CSV: ampscope export %1 --run %2 --csv DIR</translation>
    </message>
    <message>
        <source>list the runs a run store holds (ids for --replay FILE:RUN)</source>
        <translation>列出运行存储中的运行（--replay FILE:RUN 所用的 ID）</translation>
    </message>
    <message>
        <source>Run store to write (SQLite; created if missing, runs are appended; default runs.db in the current folder).</source>
        <translation>要写入的运行存储（SQLite；不存在则创建，运行会追加；默认当前文件夹中的 runs.db）。</translation>
    </message>
    <message>
        <source>ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1</source>
        <translation>ampscope record: 运行 %1 已写入 %2；查看: ampscope --replay %2:%1</translation>
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

按从旧到新的顺序列出运行存储 FILE（默认 runs.db，即 ampscope record 和 Python 探针默认写入的文件）
中的运行: ID、创建时间、写入者（ampscope 或探针）、模型（有名称的运行先显示其名称）、精度、设备、步数、跳过的步数、最终损失及其状态。
仍在写入的运行会说明其写入进程是否还活着。

选项:
  --json     不输出表格，而是每行一个运行的 JSON 对象
  -h, --help 本说明

退出状态: 0 完成（存储中没有运行也是 0），1 无法读取 FILE，2 参数错误。
</translation>
    </message>
    <message>
        <source>A name for the run, shown beside its model wherever runs are listed (at most %1 characters).</source>
        <translation>运行的名称，凡是列出运行的地方都显示在其模型旁边（最多 %1 个字符）。</translation>
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

把运行存储 FILE（默认 runs.db）中的一次运行以 CSV 文件写入 DIR（不存在则创建）：
  runs.csv         运行：id, created, model, precision, device, status, steps, ...
  layers.csv       被监测的张量（layer_id, name, module, kind, shape, numel）
  steps.csv        每个优化器步一行：损失、前后缩放、跳过、原因……
  layer_stats.csv  每层每个统计步一行，含指数直方图
  format_whatif.csv （带 --whatif 时）每个统计步、每层、每种格式（fp16, bf16,
                   fp8-e4m3, fp8-e5m2）一行：转换时会被冲刷为零或上溢的元素

选项：
  --run RUN  要导出的运行：其 ID 或名称（默认：FILE 中最新的运行）
  --whatif   同时写出 format_whatif.csv（见 docs/measurements.md 的 &quot;Format what-if&quot;）
  --csv DIR  输出文件夹
  -h, --help 本说明

数字的写法保证可以精确读回；NaN 与无穷写作 nan、inf、-inf；
空字段表示“无”（没有首个问题层，下溢未测量）。
退出状态：0 完成，1 FILE 不可读或 DIR 不可写，2 参数错误。
</translation>
    </message>
    <message>
        <source>--run expects a run id (a positive integer) or a run&apos;s name, got &apos;%1&apos;</source>
        <translation>--run 需要运行 ID（正整数）或运行的名称，得到的是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1</source>
        <translation>ampscope record: 正在将运行 %1 记录到 %2；实时跟随: ampscope --follow %2:%1</translation>
    </message>
    <message>
        <source>unknown option --%1; did you mean --%2? (see &apos;ampscope %3 --help&apos;)</source>
        <translation>未知选项 --%1；您是指 --%2 吗？（参见 &apos;ampscope %3 --help&apos;）</translation>
    </message>
    <message>
        <source>unknown option &apos;%1&apos;; did you mean --%2?</source>
        <translation>未知选项 &apos;%1&apos;；您是指 --%2 吗？</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; did you mean &apos;%2&apos;?</source>
        <translation>未知命令 &apos;%1&apos;；您是指 &apos;%2&apos; 吗？</translation>
    </message>
</context>
<context>
    <name>CsvExport</name>
    <message>
        <source>no steps in the range %1–%2</source>
        <translation>范围 %1–%2 内没有步</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Exporter</name>
    <message>
        <source>the image is too large</source>
        <translation>图像过大</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Exported by AmpScope</source>
        <translation>由 AmpScope 导出</translation>
    </message>
    <message>
        <source>unknown format</source>
        <translation>未知格式</translation>
    </message>
    <message>
        <source>%1: use a .png, .pdf or .svg file name</source>
        <translation>%1：请使用 .png、.pdf 或 .svg 文件名</translation>
    </message>
    <message>
        <source>the size must be positive</source>
        <translation>尺寸必须为正</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Run preset: %1.</source>
        <translation>运行预设：%1。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Dark theme.</source>
        <translation>深色主题。</translation>
    </message>
    <message>
        <source>Presentation mode: large fonts, thick lines.</source>
        <translation>演示模式：大字体、粗线条。</translation>
    </message>
    <message>
        <source>Language: %1 (default: the View &gt; Language setting, else the system&apos;s).</source>
        <translation>语言：%1（默认：“视图 &gt; 语言”中的设置，否则为系统语言）。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Optimizer steps to train first.</source>
        <translation>先训练的优化器步数。</translation>
    </message>
    <message>
        <source>Output file (.png, .pdf or .svg).</source>
        <translation>输出文件（.png、.pdf 或 .svg）。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Figure size in px/pt, WxH.</source>
        <translation>图像尺寸（px/pt，宽x高）。</translation>
    </message>
    <message>
        <source>PNG pixels per unit.</source>
        <translation>每单位的 PNG 像素数。</translation>
    </message>
    <message>
        <source>Capture the whole window with its panels (PNG only) instead of the figure.</source>
        <translation>截取带各面板的整个窗口（仅 PNG），而不是图表。</translation>
    </message>
    <message>
        <source>screenshot: --out FILE.png|.pdf|.svg is required</source>
        <translation>screenshot：必须提供 --out FILE.png|.pdf|.svg</translation>
    </message>
    <message>
        <source>screenshot: --out must end in .png, .pdf or .svg</source>
        <translation>screenshot：--out 必须以 .png、.pdf 或 .svg 结尾</translation>
    </message>
    <message>
        <source>screenshot: --window writes PNG only</source>
        <translation>screenshot：--window 只能写 PNG</translation>
    </message>
    <message numerus="yes">
        <source>wrote %1 (%n steps)</source>
        <translation>
            <numerusform>已写入 %1（%n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>AmpScope: see what mixed-precision training does to gradients.</source>
        <translation>AmpScope：看看混合精度训练对梯度做了什么。</translation>
    </message>
    <message>
        <source>Build the run but do not start it.</source>
        <translation>构建运行但不启动。</translation>
    </message>
    <message>
        <source>Run store (SQLite) that every live run is recorded into; created on demand (default: %1).</source>
        <translation>记录每次实时运行的运行存储（SQLite）；按需创建（默认：%1）。</translation>
    </message>
    <message>
        <source>--store: the file name is empty</source>
        <translation>--store：文件名为空</translation>
    </message>
    <message>
        <source>screenshot: --steps must be an integer in [1, 1000000]</source>
        <translation>screenshot：--steps 必须是 [1, 1000000] 范围内的整数</translation>
    </message>
    <message>
        <source>screenshot: --size must be WxH with W and H in [100, 20000], e.g. 1600x1000</source>
        <translation>screenshot：--size 必须为 宽x高，宽和高在 [100, 20000] 内，例如 1600x1000</translation>
    </message>
    <message>
        <source>screenshot: --scale must be a number in (0, 8]</source>
        <translation>screenshot：--scale 必须是 (0, 8] 范围内的数字</translation>
    </message>
    <message>
        <source>screenshot: --size %1x%2 at --scale %3 is too large a PNG: at most 32767 pixels a side and 2^28 pixels in all</source>
        <translation>screenshot：--size %1x%2 在 --scale %3 下生成的 PNG 过大：每边最多 32767 像素，总共最多 2^28 像素</translation>
    </message>
    <message>
        <source>Write the window as PNG after --grab-delay milliseconds, then quit (for documentation).</source>
        <translation>在 --grab-delay 毫秒后把窗口写为 PNG，然后退出（用于文档）。</translation>
    </message>
    <message>
        <source>Milliseconds before --grab (default 3000).</source>
        <translation>--grab 之前的毫秒数（默认 3000）。</translation>
    </message>
    <message>
        <source>--grab-delay must be in [0, 600000] ms</source>
        <translation>--grab-delay 必须在 [0, 600000] 毫秒范围内</translation>
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
            <numerusform>已写出 %1（%3 中的运行 %2，%n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>Render the dashboard of a preset after N steps, or of a stored run, to a PNG, PDF or SVG file.</source>
        <translation>把预设训练 N 步后的仪表板，或已存储运行的仪表板，绘制为 PNG、PDF 或 SVG 文件。</translation>
    </message>
    <message>
        <source>With --replay: a second stored run over the loss and scale charts.</source>
        <translation>与 --replay 一起使用：叠加在损失图和缩放图上的第二个已存储运行。</translation>
    </message>
    <message>
        <source>With --replay: the step whose per-layer statistics the histograms show (default: the last).</source>
        <translation>与 --replay 一起使用：直方图显示哪一步的逐层统计（默认：最后一步）。</translation>
    </message>
    <message>
        <source>screenshot: --replay draws a stored run; --preset and --steps train one: give one or the other</source>
        <translation>screenshot：--replay 绘制已存储的运行，--preset 和 --steps 则训练一个运行：请二选一</translation>
    </message>
    <message>
        <source>screenshot: --overlay and --step need --replay</source>
        <translation>screenshot：--overlay 和 --step 需要与 --replay 一起使用</translation>
    </message>
    <message>
        <source>screenshot: --step must be a step number &gt;= 0</source>
        <translation>screenshot：--step 必须是 &gt;= 0 的步号</translation>
    </message>
    <message>
        <source>Open a stored run read-only (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>以只读方式打开已存储的运行（FILE:RUN，RUN 为其 ID 或名称；或用 FILE 表示其中最新的运行）。</translation>
    </message>
    <message>
        <source>Overlay a stored run on the loss and scale charts (FILE:RUN, RUN its id or its name, or FILE for its latest run).</source>
        <translation>在损失与缩放图上叠加一次已存储的运行（FILE:RUN，RUN 为其 ID 或名称；或用 FILE 表示其中最新的运行）。</translation>
    </message>
    <message>
        <source>Draw a stored run instead of training a preset (FILE:RUN, RUN its id or its name, or FILE for its latest run): `record`&apos;s, the probe&apos;s, the window&apos;s.</source>
        <translation>不训练预设，而是绘制一个已存储的运行（FILE:RUN，RUN 为其 ID 或名称；或用 FILE 表示其最新运行）：`record`、探针或窗口记录的均可。</translation>
    </message>
    <message>
        <source>Follow a run another process is still writing (FILE for its newest run and the runs after it, FILE:RUN, FILE:NAME for the newest run of that name and the ones after it, or FILE:group=NAME for a run group&apos;s ranks side by side).</source>
        <translation>跟随另一个进程仍在写入的运行（FILE 表示其中最新的运行及其后的运行，FILE:RUN，FILE:NAME 表示该名称最新的运行及其后同名的运行，或用 FILE:group=NAME 并排显示一个运行组的各个 rank）。</translation>
    </message>
    <message>
        <source>--%1: expected FILE, FILE:RUN or FILE:NAME (RUN a run id of 1 or more, NAME a run&apos;s name), got &apos;%2&apos;</source>
        <translation>--%1：应为 FILE、FILE:RUN 或 FILE:NAME（RUN 为 &gt;= 1 的运行 ID，NAME 为运行的名称），得到的是 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 Did you mean --%2?</source>
        <translation>%1 您是指 --%2 吗？</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>--lang needs a language code; this build speaks: %1</source>
        <translation>--lang 需要语言代码；此构建支持：%1</translation>
    </message>
    <message>
        <source>--lang &apos;%1&apos;: not a language this build speaks; choose one of: %2</source>
        <translation>--lang &apos;%1&apos;：此构建不支持该语言；请从以下选择：%2</translation>
    </message>
</context>
<context>
    <name>LiveRecorder</name>
    <message>
        <source>the run store %1 took too long to open (%2 steps waited for it)</source>
        <translation>运行存储 %1 打开耗时过长（有 %2 步在等待）</translation>
    </message>
</context>
<context>
    <name>Narrator</name>
    <message>
        <source>a layer</source>
        <translation>某一层</translation>
    </message>
    <message>
        <source>non-finite gradients</source>
        <translation>非有限梯度</translation>
    </message>
    <message>
        <source>%1 NaN and %2 inf gradients</source>
        <translation>%1 个 NaN 梯度和 %2 个 inf 梯度</translation>
    </message>
    <message numerus="yes">
        <source>%n NaN gradients</source>
        <translation>
            <numerusform>%n 个 NaN 梯度</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n inf gradients</source>
        <translation>
            <numerusform>%n 个 inf 梯度</numerusform>
        </translation>
    </message>
    <message>
        <source>non-finite gradients appeared</source>
        <translation>出现了非有限梯度</translation>
    </message>
    <message>
        <source>%1 produced %2</source>
        <translation>%1 产生了 %2</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>未变</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>backoff</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>growth refused</source>
        <translation>拒绝增长</translation>
    </message>
    <message>
        <source>hysteresis</source>
        <translation>滞后</translation>
    </message>
    <message>
        <source>clamped at min scale</source>
        <translation>限制在最小缩放</translation>
    </message>
    <message>
        <source>clamped at max scale</source>
        <translation>限制在最大缩放</translation>
    </message>
    <message>
        <source>set by user</source>
        <translation>用户设置</translation>
    </message>
    <message>
        <source>step %1: %2 and no scaler is checking: the optimizer applied them</source>
        <translation>第 %1 步：%2，且没有缩放器检查：优化器直接应用了它们</translation>
    </message>
    <message>
        <source>step %1: gradients are finite again</source>
        <translation>第 %1 步：梯度恢复为有限值</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4</source>
        <translation>第 %1 步：%2，跳过该步，缩放 %3 → %4</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %2, step skipped, scale kept at %3 (hysteresis: %n more overflows before a backoff)</source>
        <translation>
            <numerusform>第 %1 步：%2，跳过该步，缩放保持为 %3（滞后：再上溢 %n 次才回退）</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale %3 → %4 (held at min scale)</source>
        <translation>第 %1 步：%2，跳过该步，缩放 %3 → %4（保持在最小缩放）</translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, scale %2 → %3</source>
        <translation>
            <numerusform>第 %1 步：连续 %n 个正常步，缩放 %2 → %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>step %1: %n clean steps, growth capped at max scale: %2 → %3</source>
        <translation>
            <numerusform>第 %1 步：连续 %n 个正常步，增长受最大缩放限制：%2 → %3</numerusform>
        </translation>
    </message>
    <message>
        <source>step %1: growth refused: %2 × growth factor would overflow fp32, scale kept</source>
        <translation>第 %1 步：拒绝增长：%2 × 增长因子会使 fp32 上溢，缩放保持不变</translation>
    </message>
    <message>
        <source>step %1: scale set by the user: %2 → %3</source>
        <translation>第 %1 步：用户设置了缩放：%2 → %3</translation>
    </message>
    <message>
        <source>step %1: %2, step skipped, scale kept at %3</source>
        <translation>第 %1 步：%2，跳过该步，缩放保持为 %3</translation>
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
        <translation>bf16 不需要缩放器</translation>
    </message>
    <message>
        <source>The same spiral MLP in bf16 without any loss scaling. bf16 keeps fp32&apos;s 8 exponent bits (smallest normal 2^-126) and gives up mantissa bits instead, so small gradients do not flush to zero and large ones do not overflow: no step is skipped and the loss falls as in fp32.</source>
        <translation>同一个螺旋 MLP，用 bf16 训练且完全不做损失缩放。bf16 保留了 fp32 的 8 位指数（最小正规数 2^-126），牺牲的是尾数位，因此小梯度不会被冲刷为零，大梯度也不会上溢：没有步被跳过，损失像 fp32 一样下降。</translation>
    </message>
    <message>
        <source>Clipping before unscale_: training stalls</source>
        <translation>在 unscale_ 之前裁剪：训练停滞</translation>
    </message>
    <message>
        <source>Deep MLP, fp16, no loss scaling</source>
        <translation>深层 MLP，fp16，无损失缩放</translation>
    </message>
    <message>
        <source>A 13-layer MLP with small weights trained in fp16 without a scaler: gradients of the early layers fall below fp16&apos;s smallest subnormal (2^-24) and flush to zero. The underflow column counts what an fp32 backward would have kept.</source>
        <translation>一个权重很小的 13 层 MLP，用 fp16 训练且不用缩放器：前几层的梯度低于 fp16 的最小次正规数（2^-24），被冲刷为零。下溢列统计的是 fp32 反向传播本可以保留下来的部分。</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, PyTorch&apos;s default scaler</source>
        <translation>螺旋 MLP，fp16，PyTorch 默认缩放器</translation>
    </message>
    <message>
        <source>Spiral MLP, fp16, inf injected into fc3 at step 50</source>
        <translation>螺旋 MLP，fp16，第 50 步向 fc3 注入 inf</translation>
    </message>
    <message>
        <source>The default run with an inf written into fc3&apos;s weight gradient at step 50: the scaler finds it, skips the step, names fc3 as the first offender and halves the scale.</source>
        <translation>默认运行，在第 50 步向 fc3 的权重梯度写入一个 inf：缩放器发现它，跳过该步，指出 fc3 是首个问题层，并把缩放减半。</translation>
    </message>
    <message>
        <source>Init scale too high: an overflow storm, then recovery</source>
        <translation>初始缩放过高：上溢风暴，然后恢复</translation>
    </message>
    <message>
        <source>The scaler starts at 2^40 instead of 2^16. Every scaled gradient overflows fp16 (65504), so the first steps are all skipped while the scale halves once per step; when it fits, training starts and the scale settles. The weights never see the bad steps: skipping is what makes a too-high start safe, only slow.</source>
        <translation>缩放器从 2^40 而不是 2^16 开始。每个缩放后的梯度都会使 fp16 上溢（65504），所以最初的步全部被跳过，缩放每步减半；等它合适了，训练开始，缩放稳定下来。权重从未受到这些坏步的影响：正是跳过机制让过高的起点变得安全，只是慢一些。</translation>
    </message>
    <message>
        <source>Growth interval too short: the scale oscillates</source>
        <translation>增长间隔过短：缩放来回振荡</translation>
    </message>
    <message>
        <source>The scaler tries to grow after only 10 clean steps instead of 2000. It climbs until the gradients overflow, backs off, climbs again: a saw-tooth at the edge of fp16&apos;s range, with a skipped step at every tooth. PyTorch&apos;s default interval exists to make this rare.</source>
        <translation>缩放器只在 10 个正常步（而不是 2000 个）之后就尝试增长。它一路上升直到梯度上溢，回退，再次上升：在 fp16 范围的边缘形成锯齿，每个齿都有一步被跳过。PyTorch 的默认间隔就是为了让这种情况很少发生。</translation>
    </message>
    <message>
        <source>Gradient clipping to norm 1 applied to the SCALED gradients (the classic bug: clip_grad_norm_ before scaler.unscale_). The scaled norm is about the scale times the true one, so clipping shrinks every update by roughly the scale: with SGD the loss barely moves. Tick nothing else; compare with the same run where unscale_ comes first.</source>
        <translation>把梯度裁剪到范数 1，却作用在仍处于缩放状态的梯度上（经典错误：在 scaler.unscale_ 之前调用 clip_grad_norm_）。缩放后的范数约为真实范数乘以缩放因子，所以裁剪会把每次更新缩小约缩放因子倍：用 SGD 时损失几乎不动。其他什么都不改，与先调用 unscale_ 的同一运行对比。</translation>
    </message>
    <message>
        <source>unknown preset &apos;%1&apos; (known: %2)</source>
        <translation>未知预设“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>A 4-layer MLP learns 3 interleaved spirals under fp16 with torch.amp.GradScaler&apos;s defaults (init scale 2^16, growth x2 every 2000 clean steps, backoff x0.5). Watch the scale settle and the gradient exponents sit between the fp16 limits.</source>
        <translation>一个 4 层 MLP 在 fp16 下学习 3 条交错的螺旋，使用 torch.amp.GradScaler 的默认值（初始缩放 2^16，每 2000 个正常步增长 x2，回退 x0.5）。观察缩放如何稳定下来，梯度指数如何落在 fp16 的界限之间。</translation>
    </message>
</context>
<context>
    <name>PresetParse</name>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>&quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>no name</source>
        <translation>没有名称</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be an integer within +-1e9</source>
        <translation>&quot;%1&quot; 必须是 +-1e9 以内的整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a JSON object</source>
        <translation>&quot;%1&quot; 必须是 JSON 对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must list one to three of: %2</source>
        <translation>&quot;%1&quot; 必须列出以下各项中的一到三项：%2</translation>
    </message>
</context>
<context>
    <name>StoredRun</name>
    <message>
        <source>run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>run %1 (rank %2): %3</source>
        <translation>运行 %1（rank %2）：%3</translation>
    </message>
    <message>
        <source>%1 (run %2): %3</source>
        <translation>%1（运行 %2）：%3</translation>
    </message>
</context>
<context>
    <name>UserPresets</name>
    <message>
        <source>%1: larger than 1 MiB, not a preset</source>
        <translation>%1：大于 1 MiB，不是预设</translation>
    </message>
    <message>
        <source>%1: cannot be read (%2)</source>
        <translation>%1：无法读取（%2）</translation>
    </message>
    <message>
        <source>A preset needs a title.</source>
        <translation>预设需要一个标题。</translation>
    </message>
    <message>
        <source>This configuration cannot be saved: %1</source>
        <translation>无法保存此配置：%1</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot delete %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>No user preset named &apos;%1&apos;</source>
        <translation>没有名为“%1”的用户预设</translation>
    </message>
    <message>
        <source>%1.json: the name of a built-in preset, skipped</source>
        <translation>%1.json：与内置预设同名，已跳过</translation>
    </message>
</context>
<context>
    <name>ampscope::Dataset</name>
    <message>
        <source>Fashion-MNIST not found: %1 has no train-images-idx3-ubyte(.gz) and train-labels-idx1-ubyte(.gz). Install the Debian package dataset-fashion-mnist or pass --data-dir.</source>
        <translation>未找到 Fashion-MNIST：%1 中没有 train-images-idx3-ubyte(.gz) 和 train-labels-idx1-ubyte(.gz)。请安装 Debian 软件包 dataset-fashion-mnist，或指定 --data-dir。</translation>
    </message>
    <message>
        <source>%1: images are %2x%3, Fashion-MNIST&apos;s are 28x28</source>
        <translation>%1：图像为 %2x%3，而 Fashion-MNIST 的图像是 28x28</translation>
    </message>
    <message>
        <source>%1: %2 labels for %3 images in %4</source>
        <translation>%1：%4 中有 %3 张图像，却有 %2 个标签</translation>
    </message>
    <message>
        <source>%1: label %2 is out of range (Fashion-MNIST has classes 0..9)</source>
        <translation>%1：标签 %2 超出范围（Fashion-MNIST 的类别为 0..9）</translation>
    </message>
    <message>
        <source>unknown dataset &apos;%1&apos; (known: spirals, clusters, fashion-mnist)</source>
        <translation>未知的数据集 &apos;%1&apos;（已知：spirals、clusters、fashion-mnist）</translation>
    </message>
    <message>
        <source>batch size must be at least 1, got %1</source>
        <translation>批大小必须至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>dataset &apos;%1&apos; is empty</source>
        <translation>数据集 &apos;%1&apos; 为空</translation>
    </message>
    <message>
        <source>read error (%1): the file is corrupt or not a gzip/IDX file</source>
        <translation>读取错误（%1）：文件已损坏，或不是 gzip/IDX 文件</translation>
    </message>
    <message>
        <source>corrupt compressed data (%1)</source>
        <translation>压缩数据已损坏（%1）</translation>
    </message>
    <message>
        <source>unsupported IDX dimension count</source>
        <translation>不支持的 IDX 维数</translation>
    </message>
    <message>
        <source>cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>truncated: %1 bytes, shorter than the 4-byte IDX magic (empty file?)</source>
        <translation>已截断：只有 %1 字节，比 4 字节的 IDX 魔数还短（空文件？）</translation>
    </message>
    <message>
        <source>bad magic number %1 (expected %2: IDX, unsigned bytes, %3 dimension(s)); the file is corrupt or not the right dataset file</source>
        <translation>魔数 %1 不正确（应为 %2：IDX、无符号字节、%3 维）；文件已损坏，或不是正确的数据集文件</translation>
    </message>
    <message>
        <source>truncated inside the IDX header</source>
        <translation>在 IDX 文件头内部被截断</translation>
    </message>
    <message>
        <source>dimension %1 is %2 (allowed 1..%3)</source>
        <translation>第 %1 维为 %2（允许 1..%3）</translation>
    </message>
    <message>
        <source>header claims more than %1 bytes of data</source>
        <translation>文件头声称的数据超过 %1 字节</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the file holds %2</source>
        <translation>已截断：文件头声明 %1 字节数据，文件只有 %2 字节</translation>
    </message>
    <message>
        <source>truncated: the header promises %1 data bytes, the %2-byte compressed file cannot hold that many</source>
        <translation>已截断：文件头声明 %1 字节数据，%2 字节的压缩文件容纳不了这么多</translation>
    </message>
    <message>
        <source>longer than its header says (trailing data after %1 data bytes): the header&apos;s counts do not match the file</source>
        <translation>比文件头所述更长（%1 字节数据之后还有多余数据）：文件头中的计数与文件不符</translation>
    </message>
</context>
<context>
    <name>ampscope::GradScalerOptions</name>
    <message>
        <source>GradScaler option %1 = %2 is invalid: %3</source>
        <translation>GradScaler 选项 %1 = %2 无效：%3</translation>
    </message>
    <message>
        <source>The growth factor must be &gt; 1.0.</source>
        <translation>增长因子必须 &gt; 1.0。</translation>
    </message>
    <message>
        <source>The backoff factor must be &lt; 1.0.</source>
        <translation>回退因子必须 &lt; 1.0。</translation>
    </message>
    <message>
        <source>it must be finite</source>
        <translation>必须是有限值</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (0 would zero the scale at the first overflow)</source>
        <translation>必须 &gt; 0（为 0 时第一次上溢就会把缩放变成 0）</translation>
    </message>
    <message>
        <source>it must be finite and &gt; 0</source>
        <translation>必须是有限值且 &gt; 0</translation>
    </message>
    <message>
        <source>it must be representable in fp32 (between ~1.4e-45 and ~3.4e38)</source>
        <translation>必须能用 fp32 表示（介于 ~1.4e-45 与 ~3.4e38 之间）</translation>
    </message>
    <message>
        <source>it must be &gt;= 1</source>
        <translation>必须 &gt;= 1</translation>
    </message>
    <message>
        <source>it must fit the int32 growth tracker</source>
        <translation>必须能放入 int32 的增长计数器</translation>
    </message>
    <message>
        <source>it must be &gt;= 1 (1 = back off at every overflow)</source>
        <translation>必须 &gt;= 1（1 = 每次上溢都回退）</translation>
    </message>
    <message>
        <source>it must be finite and &gt;= 0 (0 = no floor)</source>
        <translation>必须是有限值且 &gt;= 0（0 = 无下限）</translation>
    </message>
    <message>
        <source>it must be &gt; 0 (inf = no cap)</source>
        <translation>必须 &gt; 0（inf = 无上限）</translation>
    </message>
    <message>
        <source>GradScaler options min_scale = %1 and max_scale = %2 are invalid: min_scale must not exceed max_scale</source>
        <translation>GradScaler 选项 min_scale = %1 与 max_scale = %2 无效：min_scale 不得超过 max_scale</translation>
    </message>
    <message>
        <source>GradScaler option init_scale = %1 is invalid: it must lie within [min_scale, max_scale] = [%2, %3]</source>
        <translation>GradScaler 选项 init_scale = %1 无效：必须位于 [min_scale, max_scale] = [%2, %3] 之内</translation>
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
        <translation>%1（模拟）</translation>
    </message>
</context>
<context>
    <name>ampscope::RunStore</name>
    <message>
        <source>(no space left on the disk)</source>
        <translation>（磁盘已无剩余空间）</translation>
    </message>
    <message>
        <source>(the file size limit of %1 bytes was reached, see ulimit -f)</source>
        <translation>（已达到 %1 字节的文件大小上限，见 ulimit -f）</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>writing</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>creating</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>setting up</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>creating a run in</source>
        <translation>创建运行</translation>
    </message>
    <message>
        <source>disk full while %1 %2: %3</source>
        <translation>在 %2 中%1时磁盘已满：%3</translation>
    </message>
    <message>
        <source>writing to the disk failed</source>
        <translation>写入磁盘失败</translation>
    </message>
    <message>
        <source>I/O error while %1 %2: %3</source>
        <translation>在 %2 中%1时发生 I/O 错误：%3</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (not an SQLite database)</source>
        <translation>%1 不是 AmpScope 运行存储（不是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>%1 is damaged (%2) while %3</source>
        <translation>%1 已损坏（%2，%3时）</translation>
    </message>
    <message>
        <source>%1 is locked by another process (%2) while %3</source>
        <translation>%1 被另一个进程锁定（%2，%3时）</translation>
    </message>
    <message>
        <source>%1 was moved or deleted while %2</source>
        <translation>%1 在%2时被移动或删除</translation>
    </message>
    <message>
        <source>%1 cannot be written (%2) while %3</source>
        <translation>%1 无法写入（%2，%3时）</translation>
    </message>
    <message>
        <source>%1 %2 failed: %3</source>
        <translation>在 %2 中%1失败：%3</translation>
    </message>
    <message>
        <source>cannot open run store %1: no such file</source>
        <translation>无法打开运行存储 %1：文件不存在</translation>
    </message>
    <message>
        <source>cannot open run store %1: it is a directory</source>
        <translation>无法打开运行存储 %1：它是一个目录</translation>
    </message>
    <message>
        <source>cannot open run store %1: %2</source>
        <translation>无法打开运行存储 %1：%2</translation>
    </message>
    <message>
        <source>cannot create run store %1: %2</source>
        <translation>无法创建运行存储 %1：%2</translation>
    </message>
    <message>
        <source>%1 is an empty database, not an AmpScope run store</source>
        <translation>%1 是一个空数据库，不是 AmpScope 运行存储</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (an SQLite database with tables: %2)</source>
        <translation>%1 不是 AmpScope 运行存储（是含有以下表的 SQLite 数据库：%2）</translation>
    </message>
    <message>
        <source>%1 is not an AmpScope run store (its meta table names the application &apos;%2&apos;)</source>
        <translation>%1 不是 AmpScope 运行存储（其 meta 表中记录的应用程序是 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>%1 is damaged: schema_version &apos;%2&apos; is not a number</source>
        <translation>%1 已损坏：schema_version &apos;%2&apos; 不是数字</translation>
    </message>
    <message>
        <source>%1 was written by a newer AmpScope (schema %2, this build reads %3)</source>
        <translation>%1 由更新版本的 AmpScope 写入（架构 %2，此版本可读取 %3）</translation>
    </message>
    <message>
        <source>%1 has an unknown schema version %2</source>
        <translation>%1 的架构版本 %2 未知</translation>
    </message>
    <message>
        <source>%1 is damaged: table &apos;%2&apos; is missing</source>
        <translation>%1 已损坏：缺少表 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot create a run</source>
        <translation>%1 以只读方式打开：无法创建运行</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot append steps</source>
        <translation>%1 以只读方式打开：无法追加步</translation>
    </message>
    <message>
        <source>%1 is open read-only: cannot set a status</source>
        <translation>%1 以只读方式打开：无法设置状态</translation>
    </message>
    <message>
        <source>run %1 in %2 has an unreadable configuration: %3</source>
        <translation>%2 中的运行 %1 的配置无法读取：%3</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 has a gap in its layer ids</source>
        <translation>%1 已损坏：运行 %2 的层 ID 不连续</translation>
    </message>
    <message>
        <source>%1 is damaged: layer %2 has an unreadable shape</source>
        <translation>%1 已损坏：层 %2 的形状无法读取</translation>
    </message>
    <message>
        <source>%1 is damaged: run %2 step %3: %4</source>
        <translation>%1 已损坏：运行 %2 第 %3 步：%4</translation>
    </message>
    <message>
        <source>unknown scale change reason &apos;%1&apos;</source>
        <translation>未知的缩放变化原因 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>layer statistics without a step row</source>
        <translation>层统计没有对应的步记录</translation>
    </message>
    <message>
        <source>statistics for layer %1, the run has %2 layers</source>
        <translation>有层 %1 的统计，但该运行只有 %2 层</translation>
    </message>
    <message>
        <source>unreadable histogram</source>
        <translation>直方图无法读取</translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved, up to step %3)</source>
        <translation>
            <numerusform>向 %1 的记录已停止：%2（已保存 %n 步，直到第 %3 步）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>recording to %1 stopped: %2 (%n steps were saved)</source>
        <translation>
            <numerusform>向 %1 的记录已停止：%2（已保存 %n 步）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was deleted or replaced while recording</source>
        <translation>%1 在记录过程中被删除或替换</translation>
    </message>
    <message>
        <source>unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <source>unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <source>recording to %1 could not be closed: %2</source>
        <translation>无法结束向 %1 的记录：%2</translation>
    </message>
    <message>
        <source>loading was cancelled</source>
        <translation>加载已取消</translation>
    </message>
    <message>
        <source>upgrading</source>
        <translation>升级文件格式</translation>
    </message>
    <message>
        <source>the disk cannot keep up (%1 steps waited to be written)</source>
        <translation>磁盘写入跟不上（有 %1 步在等待写入）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2: its runs have no names (ampscope runs lists their ids)</source>
        <translation>%2 中没有名为 &apos;%1&apos; 的运行：其中的运行都没有名称（ampscope runs 会列出它们的 ID）</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 (its runs&apos; names: %3)</source>
        <translation>%2 中没有名为 &apos;%1&apos; 的运行（其中运行的名称：%3）</translation>
    </message>
    <message>
        <source>%1 runs are named &apos;%2&apos; in %3 (runs %4): give one&apos;s id</source>
        <translation>%3 中有 %1 个运行名为 &apos;%2&apos;（运行 %4）：请给出其中一个的 ID</translation>
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
        <translation>必须是 %1 之一</translation>
    </message>
    <message>
        <source>model %1 trains on %2 only</source>
        <translation>模型 %1 只能在 %2 上训练</translation>
    </message>
    <message>
        <source>must be in %1</source>
        <translation>必须在 %1 范围内</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = off)</source>
        <translation>必须 &gt;= 0（0 = 关闭）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = never)</source>
        <translation>必须 &gt;= 0（0 = 从不）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 (0 = until stopped)</source>
        <translation>必须 &gt;= 0（0 = 直到停止）</translation>
    </message>
    <message>
        <source>must be &gt;= 0 steps/s (0 = none)</source>
        <translation>必须 &gt;= 0 步/秒（0 = 不限）</translation>
    </message>
    <message>
        <source>must satisfy %1 &lt;= lo &lt; hi &lt;= %2</source>
        <translation>必须满足 %1 &lt;= lo &lt; hi &lt;= %2</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run); rename the directory or point a symbolic link with a UTF-8 name at it</source>
        <translation>必须是有效的 UTF-8 文本（它会随运行一起保存）；请重命名该目录，或创建一个 UTF-8 名称的符号链接指向它</translation>
    </message>
    <message>
        <source>the layer name must be valid UTF-8 text</source>
        <translation>层名称必须是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>needs a layer name or &apos;loss&apos;</source>
        <translation>需要层名称或 &apos;loss&apos;</translation>
    </message>
    <message>
        <source>the step must be &gt;= 0</source>
        <translation>步必须 &gt;= 0</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; must be an integer</source>
        <translation>会话配置：&quot;%1&quot; 必须是整数</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [%3, %4]</source>
        <translation>会话配置：&quot;%1&quot; = %2 必须是 [%3, %4] 内的整数</translation>
    </message>
    <message>
        <source>session config: not a JSON object</source>
        <translation>会话配置：不是 JSON 对象</translation>
    </message>
    <message>
        <source>session config: unknown %1 &apos;%2&apos;</source>
        <translation>会话配置：未知的%1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>session config: &quot;%1&quot; = %2 must be an integer in [0, 2^64)</source>
        <translation>会话配置：&quot;%1&quot; = %2 必须是 [0, 2^64) 内的整数</translation>
    </message>
    <message>
        <source>histogram target format</source>
        <translation>直方图目标格式</translation>
    </message>
    <message>
        <source>fault kind</source>
        <translation>故障类型</translation>
    </message>
    <message>
        <source>session config: %1</source>
        <translation>会话配置：%1</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text (it is stored with the run)</source>
        <translation>必须是有效的 UTF-8 文本（它会随运行一起保存）</translation>
    </message>
    <message>
        <source>must be at most %1 characters</source>
        <translation>最多只能有 %1 个字符</translation>
    </message>
    <message>
        <source>must be one line of text, without tabs or control characters</source>
        <translation>必须是一行文本，不含制表符或控制字符</translation>
    </message>
</context>
<context>
    <name>ampscope::TrainingSession</name>
    <message>
        <source>%1: out of memory. The session has ended; a smaller --batch-size or --accumulate, a smaller model or the CPU (--device cpu) needs less, and a new session starts clean.</source>
        <translation>%1：内存不足。会话已结束；更小的 --batch-size 或 --accumulate、更小的模型或使用 CPU（--device cpu）都能减少用量，新会话会从干净状态开始。</translation>
    </message>
    <message>
        <source>unknown error (not a std::exception)</source>
        <translation>未知错误（不是 std::exception）</translation>
    </message>
    <message>
        <source>--device cuda: no CUDA device is available (this LibTorch has no CUDA support, or no GPU was found); use --device cpu or auto</source>
        <translation>--device cuda：没有可用的 CUDA 设备（此 LibTorch 不支持 CUDA，或未找到 GPU）；请使用 --device cpu 或 auto</translation>
    </message>
    <message>
        <source>model %1 has no layer named &apos;%2&apos; (allowed: %3)</source>
        <translation>模型 %1 没有名为 &apos;%2&apos; 的层（可用：%3）</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>resumed</source>
        <translation>已继续</translation>
    </message>
    <message>
        <source>scaler settings not applied: %1</source>
        <translation>未应用缩放器设置：%1</translation>
    </message>
    <message>
        <source>speed limit %1 not applied: it must be &gt;= 0</source>
        <translation>未应用速度上限 %1：必须 &gt;= 0</translation>
    </message>
    <message>
        <source>scale %1 not applied: it must be finite, &gt; 0 and fit fp32</source>
        <translation>未应用缩放 %1：必须是有限值、&gt; 0 且能用 fp32 表示</translation>
    </message>
    <message>
        <source>scale not applied: %1</source>
        <translation>未应用缩放：%1</translation>
    </message>
    <message>
        <source>fault injection: no layer named &apos;%1&apos;</source>
        <translation>故障注入：没有名为 &apos;%1&apos; 的层</translation>
    </message>
    <message>
        <source>the loss scale has reached 0: every gradient is now 0 or NaN, so no step can succeed and the scale cannot recover (0 is absorbing). Set a min scale (e.g. 1) or reset the run.</source>
        <translation>损失缩放已降到 0：现在每个梯度都是 0 或 NaN，任何一步都无法成功，缩放也无法恢复（0 是吸收态）。请设置最小缩放（例如 1）或重置运行。</translation>
    </message>
    <message>
        <source>the loss scale is held at its floor, min scale = %1: steps are skipped for as long as the gradients overflow even at this scale.</source>
        <translation>损失缩放被保持在下限，最小缩放 = %1：只要梯度在此缩放下仍然上溢，就会跳过该步。</translation>
    </message>
    <message>
        <source>started on %1, %2</source>
        <translation>在 %1 上开始，%2</translation>
    </message>
    <message numerus="yes">
        <source>finished after %n steps</source>
        <translation>
            <numerusform>%n 步后结束</numerusform>
        </translation>
    </message>
    <message>
        <source>training stopped at step %1: %2</source>
        <translation>训练在第 %1 步停止：%2</translation>
    </message>
    <message numerus="yes">
        <source>stopped after %n steps</source>
        <translation>
            <numerusform>%n 步后停止</numerusform>
        </translation>
    </message>
    <message>
        <source>recording stopped: %1; training continues unrecorded</source>
        <translation>记录已停止：%1；训练继续但不再记录</translation>
    </message>
    <message>
        <source>the run store was closed</source>
        <translation>运行存储已关闭</translation>
    </message>
    <message>
        <source>learning rate %1 not applied: it must be in %2</source>
        <translation>未应用学习率 %1：必须在 %2 范围内</translation>
    </message>
    <message>
        <source>clip norm %1 not applied: it must be in %2 (0 = off)</source>
        <translation>未应用裁剪范数 %1：必须在 %2 范围内（0 = 关闭）</translation>
    </message>
    <message>
        <source>accumulation %1 not applied: it must be a whole number in %2</source>
        <translation>未应用梯度累积 %1：必须是 %2 内的整数</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::AboutDialog</name>
    <message>
        <source>About AmpScope</source>
        <translation>关于 AmpScope</translation>
    </message>
    <message>
        <source>See what mixed-precision training does to gradients.</source>
        <translation>看看混合精度训练对梯度做了什么。</translation>
    </message>
    <message>
        <source>Built with LibTorch %1 and Qt %2; running on Qt %3.</source>
        <translation>使用 LibTorch %1 和 Qt %2 构建；运行于 Qt %3。</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（不记录）</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>打开文件夹</translation>
    </message>
    <message>
        <source>Runs are recorded in:</source>
        <translation>运行记录位置：</translation>
    </message>
    <message>
        <source>Your presets are saved in:</source>
        <translation>您的预设保存位置：</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ControlPanel</name>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>(presets unavailable: %1)</source>
        <translation>（预设不可用：%1）</translation>
    </message>
    <message>
        <source>Load preset</source>
        <translation>加载预设</translation>
    </message>
    <message>
        <source>Replace the run with this preset (resets the training)</source>
        <translation>用此预设替换当前运行（会重置训练）</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Save the current settings as your own preset</source>
        <translation>把当前设置保存为您自己的预设</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete this preset (only presets you saved can be deleted)</source>
        <translation>删除此预设（只能删除您自己保存的预设）</translation>
    </message>
    <message>
        <source>View</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Unscaled histogram (−log₂ S)</source>
        <translation>反缩放直方图（−log₂ S）</translation>
    </message>
    <message>
        <source>Show the true gradients g/S instead of what fp16 held (g scaled by S)</source>
        <translation>显示真实梯度 g/S，而不是 fp16 中保存的值（按 S 缩放后的 g）</translation>
    </message>
    <message>
        <source>Run (applies on Reset)</source>
        <translation>运行（重置时生效）</translation>
    </message>
    <message>
        <source>spiral-mlp (4 layers, spirals)</source>
        <translation>spiral-mlp（4 层，螺旋）</translation>
    </message>
    <message>
        <source>deep-mlp (13 layers, clusters)</source>
        <translation>deep-mlp（13 层，聚类）</translation>
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
        <translation>auto（有 CUDA 时用 CUDA）</translation>
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
        <translation>设备</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Changed: these settings need a new model and data. The run goes on with the old ones until you reset.</source>
        <translation>已更改：这些设置需要新的模型和数据。在您重置之前，运行仍使用旧设置。</translation>
    </message>
    <message>
        <source>Reset to apply (Ctrl+R)</source>
        <translation>重置以应用（Ctrl+R）</translation>
    </message>
    <message>
        <source>Build a new session with these settings; the current run ends</source>
        <translation>用这些设置建立新会话；当前运行将结束</translation>
    </message>
    <message>
        <source>Training (live)</source>
        <translation>训练（实时）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>clip_grad_norm_ to this total norm (0 = off). Applies at the next step.</source>
        <translation>以此总范数调用 clip_grad_norm_（0 = 关闭）。下一步生效。</translation>
    </message>
    <message>
        <source>unscale first</source>
        <translation>先反缩放</translation>
    </message>
    <message>
        <source>Call scaler.unscale_ before clipping (correct). Unticked: clip the scaled gradients, the classic bug that shrinks every update by the scale.</source>
        <translation>裁剪前调用 scaler.unscale_（正确做法）。不勾选：裁剪缩放后的梯度，这是会把每次更新缩小缩放因子倍的经典错误。</translation>
    </message>
    <message>
        <source>Clip norm</source>
        <translation>裁剪范数</translation>
    </message>
    <message>
        <source>Micro-batches whose gradients add up before one optimizer step. Applies at the next step.</source>
        <translation>在一次优化器步之前累加梯度的微批次数。下一步生效。</translation>
    </message>
    <message>
        <source>Accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Steps per second (far left: as fast as the machine goes)</source>
        <translation>每秒步数（最左：机器能跑多快就多快）</translation>
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
        <translation>其权重梯度中约 1% 元素被设为 inf/NaN 的层（&apos;loss&apos;：损失本身）</translation>
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
        <translation>损失缩放器（实时）</translation>
    </message>
    <message>
        <source>Loss scaler (off in this run)</source>
        <translation>损失缩放器（本次运行关闭）</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（您的）</translation>
    </message>
    <message>
        <source>Skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::Dashboard</name>
    <message>
        <source>All charts</source>
        <translation>全部图表</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>Under/overflow</source>
        <translation>下溢/上溢</translation>
    </message>
    <message>
        <source>Exponents</source>
        <translation>指数</translation>
    </message>
    <message>
        <source>Layer over time</source>
        <translation>层随时间的变化</translation>
    </message>
    <message>
        <source>Next chart page</source>
        <translation>下一页图表</translation>
    </message>
    <message>
        <source>Previous chart page</source>
        <translation>上一页图表</translation>
    </message>
    <message>
        <source>Chart page %1</source>
        <translation>图表第 %1 页</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::EventLog</name>
    <message>
        <source>What the scaler decided and why. Click a line to show that step in the charts.</source>
        <translation>缩放器做了什么决定以及原因。点击某行即可在图表中显示该步。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ExportDialog</name>
    <message>
        <source>Export %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>The suffix picks the format: .png, .pdf or .svg (vector).</source>
        <translation>后缀决定格式：.png、.pdf 或 .svg（矢量）。</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>PNG only: pixels per unit (2 gives a sharp figure at the same layout)</source>
        <translation>仅 PNG：每单位像素数（2 可在相同布局下得到清晰的图）</translation>
    </message>
    <message>
        <source>PNG scale</source>
        <translation>PNG 倍率</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF (*.pdf);;SVG (*.svg)</source>
        <translation>PNG 图像 (*.png);;PDF (*.pdf);;SVG (*.svg)</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::FollowController</name>
    <message>
        <source>--follow: the group name after &apos;group=&apos; is empty</source>
        <translation>--follow：&apos;group=&apos; 后面的组名为空</translation>
    </message>
    <message>
        <source>%1 has no run %2</source>
        <translation>%1 中没有运行 %2</translation>
    </message>
    <message>
        <source>%1 does not exist (any more): waiting for it</source>
        <translation>%1 不存在（或已被删除）：正在等待它出现</translation>
    </message>
    <message>
        <source>no runs in %1 yet: waiting</source>
        <translation>%1 中还没有运行：正在等待</translation>
    </message>
    <message>
        <source>no runs of group &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 中还没有组 &apos;%1&apos; 的运行：正在等待</translation>
    </message>
    <message>
        <source>AmpScope — following run %1 of %2</source>
        <translation>AmpScope — 正在跟随 %2 中的运行 %1</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>following %1 — %2</source>
        <translation>正在跟随 %1 — %2</translation>
    </message>
    <message>
        <source>following %1 — opening</source>
        <translation>正在跟随 %1 — 正在打开</translation>
    </message>
    <message numerus="yes">
        <source>%n steps</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ranks, %2</source>
        <translation>%1 个 rank，%2</translation>
    </message>
    <message>
        <source>live, %1</source>
        <translation>实时，%1</translation>
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
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>writer stopped, %1</source>
        <translation>写入进程已停止，%1</translation>
    </message>
    <message>
        <source>writer stopped (no sign of life for %1 s), %2</source>
        <translation>写入进程已停止（%1 秒无活动迹象），%2</translation>
    </message>
    <message numerus="yes">
        <source> · ranks disagree at %n step(s)</source>
        <translation>
            <numerusform> · 各 rank 在 %n 步上不一致</numerusform>
        </translation>
    </message>
    <message>
        <source> · a newer run %1 is in the file</source>
        <translation> · 文件中有更新的运行 %1</translation>
    </message>
    <message>
        <source>Following run %1 of %2 (%3 · %4), written by another process: %5. Back to the live run stops following.</source>
        <translation>正在跟随 %2 中的运行 %1（%3 · %4，由另一个进程写入）：%5。“返回实时运行”会停止跟随。</translation>
    </message>
    <message>
        <source>Follow a run store</source>
        <translation>打开要跟随的运行存储</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope 运行存储 (*.sqlite *.ampscope *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Follow a run (the newest also follows the runs that come after it; a run of a group shows its ranks side by side)</source>
        <translation>跟随运行（选最新的运行时也会跟随其后的运行；选组中的运行时会并排显示该组的各个 rank）</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>跟随</translation>
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
        <translation>--follow：应为 FILE、FILE:RUN、FILE:NAME 或 FILE:group=NAME，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>no run named &apos;%1&apos; in %2 yet: waiting</source>
        <translation>%2 中还没有名为 &apos;%1&apos; 的运行：正在等待</translation>
    </message>
    <message>
        <source>%1:%2 (run %3)</source>
        <translation>%1:%2（运行 %3）</translation>
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
        <translation>各层梯度指数</translation>
    </message>
    <message>
        <source>no step yet</source>
        <translation>尚无任何步</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ (scaled, as backward produced it)</source>
        <translation>二进制指数 e = ⌊log₂|g|⌋（已缩放，即反向传播产生的值）</translation>
    </message>
    <message>
        <source>share of the tensor&apos;s elements</source>
        <translation>占张量元素的比例</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>无会话</translation>
    </message>
    <message>
        <source>waiting for the first step</source>
        <translation>等待第一步</translation>
    </message>
    <message>
        <source>binary exponent of the unscaled gradient g/S = e − log₂ S</source>
        <translation>反缩放梯度 g/S 的二进制指数 = e − log₂ S</translation>
    </message>
    <message>
        <source>binary exponent e = ⌊log₂|g|⌋ of the scaled gradient</source>
        <translation>缩放后梯度的二进制指数 e = ⌊log₂|g|⌋</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>该步被跳过</translation>
    </message>
    <message>
        <source>unscaled view</source>
        <translation>反缩放视图</translation>
    </message>
    <message>
        <source>bias rows hidden</source>
        <translation>已隐藏偏置行</translation>
    </message>
    <message>
        <source> (unscaled: %1)</source>
        <translation>（反缩放：%1）</translation>
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
        <translation>指数 %1：|g| 在 [2^%1, 2^%2) 内%3</translation>
    </message>
    <message>
        <source>%1
no statistics at this step</source>
        <translation>%1
此步没有统计数据</translation>
    </message>
    <message>
        <source>%1 — %2
%3 of %4 elements (%5%)</source>
        <translation>%1 — %2
%4 个元素中的 %3 个（%5%）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerCountsPlot</name>
    <message>
        <source>Underflow / overflow per layer over steps</source>
        <translation>各层下溢 / 上溢随步数的变化</translation>
    </message>
    <message>
        <source>Underflow</source>
        <translation>下溢</translation>
    </message>
    <message>
        <source>Overflow + non-finite</source>
        <translation>上溢 + 非有限值</translation>
    </message>
    <message>
        <source>Underflow: elements nonzero in an fp32 reference backward but zero here (reference steps only). Overflow: NaN and inf elements and finite ones beyond the format&apos;s maximum.</source>
        <translation>下溢：在 fp32 参考反向传播中非零、在此处为零的元素（仅参考步）。上溢：NaN 和 inf 元素，以及超出格式最大值的有限值。</translation>
    </message>
    <message>
        <source>Percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Weight gradients</source>
        <translation>权重梯度</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>激活梯度</translation>
    </message>
    <message>
        <source>step %1: first offender %2</source>
        <translation>第 %1 步：首个问题层 %2</translation>
    </message>
    <message>
        <source>%1, step %2: %3%</source>
        <translation>%1，第 %2 步：%3%</translation>
    </message>
    <message>
        <source>%1, step %2: %3 elements</source>
        <translation>%1，第 %2 步：%3 个元素</translation>
    </message>
    <message>
        <source>% of elements</source>
        <translation>元素的 %</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>no activation gradients in this run</source>
        <translation>此运行没有激活梯度</translation>
    </message>
    <message>
        <source>no layers</source>
        <translation>没有层</translation>
    </message>
    <message>
        <source>not available in replay</source>
        <translation>回放中不可用</translation>
    </message>
    <message>
        <source>waiting for statistics</source>
        <translation>等待统计数据</translation>
    </message>
    <message>
        <source>underflow is measured on reference steps only (reference every k steps &gt; 0)</source>
        <translation>下溢仅在参考步测量（每 k 步参考一次，k &gt; 0）</translation>
    </message>
    <message>
        <source>steps %1–%2%3</source>
        <translation>第 %1–%2 步%3</translation>
    </message>
    <message>
        <source> (%1 steps per column, largest shown)</source>
        <translation>（每列 %1 步，显示最大值）</translation>
    </message>
    <message>
        <source> · replay: a sample of %1 of %2 statistics steps</source>
        <translation> · 回放：%2 个统计步中抽样 %1 个</translation>
    </message>
    <message>
        <source> · grey: measured, none</source>
        <translation> · 灰色：已测量，无</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerHistoryHeatmap</name>
    <message>
        <source>Selected layer over time</source>
        <translation>所选层随时间的变化</translation>
    </message>
    <message>
        <source>select a layer in the table or the histogram</source>
        <translation>请在表格或直方图中选择一层</translation>
    </message>
    <message>
        <source>exponent e of the scaled gradient</source>
        <translation>缩放后梯度的指数 e</translation>
    </message>
    <message>
        <source>share of elements</source>
        <translation>元素比例</translation>
    </message>
    <message>
        <source>%1 · waiting for statistics</source>
        <translation>%1 · 等待统计数据</translation>
    </message>
    <message>
        <source>exponent of the unscaled gradient g/S</source>
        <translation>反缩放梯度 g/S 的指数</translation>
    </message>
    <message>
        <source>%1 · steps %2–%3%4</source>
        <translation>%1 · 第 %2–%3 步%4</translation>
    </message>
    <message>
        <source> (%1 steps per column)</source>
        <translation>（每列 %1 步）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LayerTableModel</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Zeros</source>
        <translation>零值</translation>
    </message>
    <message>
        <source>Subnormal</source>
        <translation>次正规</translation>
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
        <translation>首个问题层</translation>
    </message>
    <message>
        <source>Share of the gradient&apos;s elements that are exactly zero (underflow or a dead unit)</source>
        <translation>梯度中恰好为零的元素比例（下溢或死亡单元）</translation>
    </message>
    <message>
        <source>Share of nonzero elements below fp16&apos;s smallest normal 2^-14 (precision is lost there)</source>
        <translation>低于 fp16 最小正规数 2^-14 的非零元素比例（此处会损失精度）</translation>
    </message>
    <message>
        <source>Share of elements nonzero in an fp32 reference backward but zero here (latest measured step; measured every reference_every steps)</source>
        <translation>在 fp32 参考反向传播中非零、在此却为零的元素比例（最近一次测量的步；每 reference_every 步测量一次）</translation>
    </message>
    <message>
        <source>Count of NaN, +inf and -inf elements at this step</source>
        <translation>此步中 NaN、+inf 与 -inf 元素的数量</translation>
    </message>
    <message>
        <source>Largest finite magnitude of the scaled gradient</source>
        <translation>缩放后梯度的最大有限绝对值</translation>
    </message>
    <message>
        <source>The first layer to go non-finite in backward order, and how often it was</source>
        <translation>按反向传播顺序首个出现非有限值的层，以及发生次数</translation>
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
        <translation>尚未测量（需要 fp32 参考反向传播：reference_every &gt; 0）</translation>
    </message>
    <message>
        <source>%1 elements lost at step %2, carrying %3% of the gradient mass</source>
        <translation>第 %2 步丢失 %1 个元素，占梯度总量的 %3%</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::LossPlot</name>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>skipped step</source>
        <translation>被跳过的步</translation>
    </message>
    <message>
        <source>cross-entropy loss (log)</source>
        <translation>交叉熵损失（对数）</translation>
    </message>
    <message>
        <source>loss (log)</source>
        <translation>损失（对数）</translation>
    </message>
    <message>
        <source>cross-entropy loss</source>
        <translation>交叉熵损失</translation>
    </message>
    <message>
        <source>skipped step or non-finite loss</source>
        <translation>被跳过的步或非有限损失</translation>
    </message>
    <message>
        <source>non-finite loss</source>
        <translation>非有限损失</translation>
    </message>
    <message>
        <source>no loss: the script gave probe.step() none</source>
        <translation>无损失：脚本没有把损失传给 probe.step()</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::MainWindow</name>
    <message>
        <source>Following the newest step</source>
        <translation>正在跟随最新一步</translation>
    </message>
    <message>
        <source>Follow newest step</source>
        <translation>跟随最新一步</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>What the scaler did</source>
        <translation>缩放器做了什么</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Export &amp;dashboard…</source>
        <translation>导出仪表板(&amp;D)…</translation>
    </message>
    <message>
        <source>Export &amp;chart</source>
        <translation>导出图表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Start / resume</source>
        <translation>开始 / 继续</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Step once</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Start / pause</source>
        <translation>开始 / 暂停</translation>
    </message>
    <message>
        <source>Load &amp;preset</source>
        <translation>加载预设(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode (large fonts, thick lines)</source>
        <translation>演示模式（大字体、粗线条）(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Follow the newest step</source>
        <translation>跟随最新一步(&amp;F)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <source>Following the newest step (click a line in the event log to look at a step)</source>
        <translation>正在跟随最新一步（点击事件日志中的一行可查看该步）</translation>
    </message>
    <message>
        <source>Showing step %1</source>
        <translation>正在显示第 %1 步</translation>
    </message>
    <message>
        <source>Showing step %1 (per-layer statistics from step %2, the nearest kept)</source>
        <translation>正在显示第 %1 步（逐层统计来自保留的最近一步：第 %2 步）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 steps · </source>
        <translation>%1 · %2 · %3 步 · </translation>
    </message>
    <message>
        <source>no loss scaling</source>
        <translation>无损失缩放</translation>
    </message>
    <message>
        <source> · overlay %1</source>
        <translation> · 叠加 %1</translation>
    </message>
    <message>
        <source> · %1 lr %2 · batch %3</source>
        <translation> · %1 学习率 %2 · 批大小 %3</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>dashboard</source>
        <translation>仪表板</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>打开运行(&amp;O)…</translation>
    </message>
    <message>
        <source>Replay a run from a run store (recorded here or by &apos;ampscope record&apos;)</source>
        <translation>回放运行存储中的运行（在此记录或由 &apos;ampscope record&apos; 记录）</translation>
    </message>
    <message>
        <source>O&amp;verlay a run…</source>
        <translation>叠加运行(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Remove the overlay</source>
        <translation>移除叠加(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Back to the live run</source>
        <translation>返回实时运行(&amp;B)</translation>
    </message>
    <message>
        <source>Export the visible range as C&amp;SV…</source>
        <translation>将可见范围导出为 C&amp;SV…</translation>
    </message>
    <message>
        <source>Back to the live run</source>
        <translation>返回实时运行</translation>
    </message>
    <message>
        <source>AmpScope — replaying run %1 from %2</source>
        <translation>AmpScope — 正在回放 %2 中的运行 %1</translation>
    </message>
    <message>
        <source>AmpScope — run %1 (recording to %2)</source>
        <translation>AmpScope — 运行 %1（记录到 %2）</translation>
    </message>
    <message>
        <source>Open a run store</source>
        <translation>打开运行存储</translation>
    </message>
    <message>
        <source>AmpScope run stores (*.sqlite *.ampscope *.db);;All files (*)</source>
        <translation>AmpScope 运行存储 (*.sqlite *.ampscope *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Replay a run</source>
        <translation>回放运行</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Cannot replay the run</source>
        <translation>无法回放该运行</translation>
    </message>
    <message>
        <source>Overlay a run from a run store</source>
        <translation>从运行存储叠加运行</translation>
    </message>
    <message>
        <source>Overlay a run on the loss and scale charts</source>
        <translation>在损失与缩放图上叠加一次运行</translation>
    </message>
    <message>
        <source>Overlay</source>
        <translation>叠加</translation>
    </message>
    <message>
        <source>Cannot overlay the run</source>
        <translation>无法叠加该运行</translation>
    </message>
    <message>
        <source>Export the visible steps %1–%2 as CSV</source>
        <translation>将可见的第 %1–%2 步导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Wrote %1 steps to %2</source>
        <translation>已将 %1 步写入 %2</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>系统默认（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
    <message>
        <source>Some user presets were skipped: %1</source>
        <translation>部分用户预设被跳过：%1</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>我的预设</translation>
    </message>
    <message>
        <source>%1 (my settings)</source>
        <translation>%1（我的设置）</translation>
    </message>
    <message>
        <source>Preset not saved</source>
        <translation>预设未保存</translation>
    </message>
    <message>
        <source>Saved preset &apos;%1&apos; in %2</source>
        <translation>已将预设“%1”保存到 %2</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete your preset &apos;%1&apos;?</source>
        <translation>删除您的预设“%1”？</translation>
    </message>
    <message>
        <source>Preset not deleted</source>
        <translation>预设未删除</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>&amp;Follow a run…</source>
        <translation>跟随运行(&amp;F)…</translation>
    </message>
    <message>
        <source>Formats what-if</source>
        <translation>格式假设分析</translation>
    </message>
    <message>
        <source>Export the formats what-if</source>
        <translation>导出格式假设分析</translation>
    </message>
    <message>
        <source>There are no per-layer statistics to export yet.</source>
        <translation>尚无可导出的逐层统计。</translation>
    </message>
    <message>
        <source>Export the formats what-if of step %1 as CSV</source>
        <translation>将第 %1 步的格式假设分析导出为 CSV</translation>
    </message>
    <message>
        <source>Wrote the what-if of step %1 (%2 rows) to %3</source>
        <translation>已将第 %1 步的假设分析（%2 行）写入 %3</translation>
    </message>
    <message>
        <source>&amp;About AmpScope</source>
        <translation>关于 AmpScope(&amp;A)</translation>
    </message>
    <message>
        <source>Export the formats &amp;what-if as CSV…</source>
        <translation>将格式假设分析导出为 CSV(&amp;W)…</translation>
    </message>
    <message>
        <source>F&amp;ull screen</source>
        <translation>全屏(&amp;U)</translation>
    </message>
    <message>
        <source>The run&apos;s own format</source>
        <translation>运行自身的格式</translation>
    </message>
    <message>
        <source>GradScaler (init %1, interval %2)</source>
        <translation>GradScaler（初始 %1，间隔 %2）</translation>
    </message>
    <message>
        <source>Format li&amp;mits drawn</source>
        <translation>绘制的格式界限(&amp;M)</translation>
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
        <translation>%1: 无事可报: 没有跳过的步，缩放从未改变</translation>
    </message>
    <message>
        <source>%1: nothing to tell: no loss scaling, and no gradient went non-finite</source>
        <translation>%1: 无事可报: 未使用损失缩放，也没有梯度变为非有限值</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ReplayController</name>
    <message>
        <source>Opening run %1 of %2</source>
        <translation>正在打开 %2 中的运行 %1</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: reading statistics</source>
        <translation>正在打开 %2 中的运行 %1：正在读取统计</translation>
    </message>
    <message>
        <source>Opening run %1 of %2: %3 of %4 steps</source>
        <translation>正在打开 %2 中的运行 %1：%3 / %4 步</translation>
    </message>
    <message>
        <source>Replaying run %1 from %2 (read-only: %3 · %4 · %5 steps, %6). Click the event log or the charts to look at a step.</source>
        <translation>正在回放 %2 中的运行 %1（只读：%3 · %4 · %5 步，%6）。点击事件日志或图表可查看某一步。</translation>
    </message>
    <message>
        <source>run %1: %2 (live)</source>
        <translation>运行 %1：%2（实时）</translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>实时：%1</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::RunBrowser</name>
    <message>
        <source>Runs in %1</source>
        <translation>%1 中的运行</translation>
    </message>
    <message>
        <source>%1 holds no runs yet</source>
        <translation>%1 中还没有运行</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>创建时间（UTC）</translation>
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
        <translation>设备</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Final scale</source>
        <translation>最终缩放</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Final loss</source>
        <translation>最终损失</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>%1 (%2%)</source>
        <translation>%1（%2%）</translation>
    </message>
    <message>
        <source>Reading the runs in %1…</source>
        <translation>正在读取 %1 中的运行…</translation>
    </message>
    <message>
        <source>Group (rank)</source>
        <translation>组（rank）</translation>
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
        <translation>关闭</translation>
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
        <translation>%2 中运行 %1 的设置</translation>
    </message>
    <message>
        <source>As the run was recorded (read-only). The live run&apos;s controls come back with &quot;Back to the live run&quot;.</source>
        <translation>按运行被记录时的设置显示（只读）。点击“返回实时运行”即可回到实时运行的控制面板。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>your script, through the Python probe</source>
        <translation>你的脚本（通过 Python 探针）</translation>
    </message>
    <message>
        <source>AmpScope (a built-in model)</source>
        <translation>AmpScope（内置模型）</translation>
    </message>
    <message>
        <source>%1, on %2 (process %3)</source>
        <translation>%1，在 %2 上（进程 %3）</translation>
    </message>
    <message>
        <source>Written by</source>
        <translation>写入者</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1，数据集 %2</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>%1 of %2, group %3</source>
        <translation>%2 个中的第 %1 个，组 %3</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始于</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>not recorded (watch() was given none, or one AmpScope has no name for)</source>
        <translation>未记录（watch() 没有传入优化器，或传入了 AmpScope 不认识的优化器）</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>%1 at the start</source>
        <translation>开始时 %1</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>Weight decay</source>
        <translation>权重衰减</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>每步的微批次数</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>梯度裁剪</translation>
    </message>
    <message>
        <source>norm %1, after unscaling</source>
        <translation>范数 %1，在反缩放之后</translation>
    </message>
    <message>
        <source>norm %1, before unscaling (scaled gradients)</source>
        <translation>范数 %1，在反缩放之前（缩放后的梯度）</translation>
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
        <translation>损失缩放器</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>缩放器</translation>
    </message>
    <message>
        <source>off: no loss scaling</source>
        <translation>关闭：不做损失缩放</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初始缩放</translation>
    </message>
    <message>
        <source>Growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>×%1 after %2 clean steps</source>
        <translation>连续 %2 个正常步后 ×%1</translation>
    </message>
    <message>
        <source>Backoff</source>
        <translation>回退</translation>
    </message>
    <message>
        <source>×%1 on a skipped step</source>
        <translation>跳过一步时 ×%1</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>滞后</translation>
    </message>
    <message>
        <source>%1 overflows in a row</source>
        <translation>连续 %1 次上溢</translation>
    </message>
    <message>
        <source>%1 overflows since the last growth</source>
        <translation>自上次增长以来 %1 次上溢</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小缩放</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大缩放</translation>
    </message>
    <message>
        <source>Static scale</source>
        <translation>静态缩放</translation>
    </message>
    <message>
        <source>yes: never grows or backs off</source>
        <translation>是：从不增长也从不回退</translation>
    </message>
    <message>
        <source>At the start of the run: the scale chart shows every change made during it.</source>
        <translation>这是运行开始时的值：运行中的每次更改都显示在缩放图上。</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计</translation>
    </message>
    <message>
        <source>Per-layer statistics</source>
        <translation>逐层统计</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>激活梯度</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>已记录</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>Flushed to zero by a cast</source>
        <translation>转换时被冲刷为零</translation>
    </message>
    <message>
        <source>Underflow reference</source>
        <translation>下溢参考</translation>
    </message>
    <message>
        <source>Limits of</source>
        <translation>极限格式</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>2^%1 to 2^%2</source>
        <translation>2^%1 到 2^%2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SavePresetDialog</name>
    <message>
        <source>Save preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>What this run shows, in a few sentences (shown beside the charts)</source>
        <translation>用几句话说明此运行展示了什么（显示在图表旁）</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Saves the current settings (model, precision, scaler, learning rate, clipping, ...) as a preset listed after the built-in ones.</source>
        <translation>把当前设置（模型、精度、缩放器、学习率、裁剪等）保存为预设，列在内置预设之后。</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalePlot</name>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>skipped step (backoff)</source>
        <translation>被跳过的步（回退）</translation>
    </message>
    <message>
        <source>growth</source>
        <translation>增长</translation>
    </message>
    <message>
        <source>no loss scaling in this run: S = 1, nothing is skipped</source>
        <translation>本次运行无损失缩放：S = 1，不跳过任何步</translation>
    </message>
    <message>
        <source>skipped (%1)</source>
        <translation>跳过（%1）</translation>
    </message>
    <message>
        <source>step %1
scale %2 → %3 (%4)
growth tracker %5</source>
        <translation>第 %1 步
缩放 %2 → %3（%4）
增长计数 %5</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>该步被跳过</translation>
    </message>
    <message>
        <source>first offender: %1</source>
        <translation>首个问题层：%1</translation>
    </message>
    <message>
        <source>
%1: scale %2 → %3 (%4)%5</source>
        <translation>
%1：缩放 %2 → %3（%4）%5</translation>
    </message>
    <message>
        <source>, skipped</source>
        <translation>，已跳过</translation>
    </message>
    <message>
        <source>scale S (log₂)</source>
        <translation>缩放 S（log₂）</translation>
    </message>
    <message>
        <source>the scale each step ran with</source>
        <translation>每一步所用的缩放</translation>
    </message>
    <message>
        <source>hover for details</source>
        <translation>悬停查看详情</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::ScalerPanel</name>
    <message>
        <source>Loss scaler (live)</source>
        <translation>损失缩放器（实时）</translation>
    </message>
    <message>
        <source>enabled</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>Off: gradients are not scaled, non-finite steps are not skipped</source>
        <translation>关闭：梯度不缩放，非有限步也不跳过</translation>
    </message>
    <message>
        <source>Scaler</source>
        <translation>缩放器</translation>
    </message>
    <message>
        <source>The scale a run starts with (a power of two). While a run is going it sets the current scale at the next step (the scale plot says &apos;set by user&apos;).</source>
        <translation>运行开始时的缩放（2 的幂）。运行中修改会在下一步设置当前缩放（缩放图中显示“用户设置”）。</translation>
    </message>
    <message>
        <source>Init scale</source>
        <translation>初始缩放</translation>
    </message>
    <message>
        <source>Scale multiplier after growth-interval clean steps (must be &gt; 1)</source>
        <translation>连续 growth-interval 个正常步后缩放的乘数（必须 &gt; 1）</translation>
    </message>
    <message>
        <source>Growth factor</source>
        <translation>增长因子</translation>
    </message>
    <message>
        <source>Scale multiplier after a step with inf/NaN gradients (must be &lt; 1)</source>
        <translation>出现 inf/NaN 梯度的步之后缩放的乘数（必须 &lt; 1）</translation>
    </message>
    <message>
        <source>Backoff factor</source>
        <translation>回退因子</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (log slider, 1 to 10000)</source>
        <translation>缩放增长前所需的正常步数（对数滑块，1 到 10000）</translation>
    </message>
    <message>
        <source>Growth interval</source>
        <translation>增长间隔</translation>
    </message>
    <message>
        <source>Back off only after this many overflows (1 = PyTorch)</source>
        <translation>上溢达到此次数后才回退（1 = PyTorch）</translation>
    </message>
    <message>
        <source>consecutive</source>
        <translation>连续</translation>
    </message>
    <message>
        <source>Restore the hysteresis counter on every clean step (DeepSpeed/Apex), not only on growth</source>
        <translation>每个正常步都恢复滞后计数器（DeepSpeed/Apex），而不仅是在增长时</translation>
    </message>
    <message>
        <source>Hysteresis</source>
        <translation>滞后</translation>
    </message>
    <message>
        <source>none (0)</source>
        <translation>无（0）</translation>
    </message>
    <message>
        <source>Floor after a backoff; without one the scale can reach 0 and stay there</source>
        <translation>回退后的下限；没有下限时缩放可能降到 0 并停在那里</translation>
    </message>
    <message>
        <source>Min scale</source>
        <translation>最小缩放</translation>
    </message>
    <message>
        <source>none (∞)</source>
        <translation>无（∞）</translation>
    </message>
    <message>
        <source>Max scale</source>
        <translation>最大缩放</translation>
    </message>
    <message>
        <source>static scale</source>
        <translation>静态缩放</translation>
    </message>
    <message>
        <source>The scale never grows or backs off; non-finite steps are still skipped</source>
        <translation>缩放从不增长也不回退；非有限步仍会被跳过</translation>
    </message>
    <message>
        <source>%1 = %2: outside the slider&apos;s steps (%3 to %4); moving the slider replaces it</source>
        <translation>%1 = %2：超出滑块的档位（%3 到 %4）；移动滑块会替换此值</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::SessionController</name>
    <message>
        <source>Not recording this run: %1. Training goes on unrecorded.</source>
        <translation>本次运行未记录：%1。训练将在不记录的情况下继续。</translation>
    </message>
    <message>
        <source>Loading Fashion-MNIST and building fashion-cnn…</source>
        <translation>正在加载 Fashion-MNIST 并构建 fashion-cnn…</translation>
    </message>
    <message>
        <source>Building %1 (%2)…</source>
        <translation>正在构建 %1（%2）…</translation>
    </message>
    <message>
        <source>Could not build the session: %1</source>
        <translation>无法建立会话：%1</translation>
    </message>
    <message>
        <source>step %1: injecting %2 into %3 at the next step</source>
        <translation>第 %1 步：将在下一步向 %3 注入 %2</translation>
    </message>
    <message>
        <source>unknown error</source>
        <translation>未知错误</translation>
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
        <translation>未记录</translation>
    </message>
    <message>
        <source>● recording run %1</source>
        <translation>● 正在记录运行 %1</translation>
    </message>
    <message>
        <source>Every step of this run is recorded in %1 (File &gt; Open replays it)</source>
        <translation>此运行的每一步都记录在 %1 中（“文件 &gt; 打开”可回放）</translation>
    </message>
    <message>
        <source>replay: %1 steps</source>
        <translation>回放：%1 步</translation>
    </message>
    <message>
        <source>final scale %1</source>
        <translation>最终缩放 %1</translation>
    </message>
    <message>
        <source>no scaler</source>
        <translation>无缩放器</translation>
    </message>
    <message>
        <source>skipped %1 (%2%)</source>
        <translation>跳过 %1（%2%）</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>加载中</translation>
    </message>
    <message>
        <source>no session</source>
        <translation>无会话</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>stopped by an error</source>
        <translation>因错误停止</translation>
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
        <translation>缩放 %1</translation>
    </message>
    <message>
        <source>skipped 0</source>
        <translation>跳过 0</translation>
    </message>
    <message>
        <source>dropped %1</source>
        <translation>丢弃 %1</translation>
    </message>
    <message>
        <source>Records the GUI could not take in time (the training never waits for the GUI)</source>
        <translation>GUI 未能及时接收的记录（训练从不等待 GUI）</translation>
    </message>
    <message>
        <source>The rank whose statistics the charts and the layer table show</source>
        <translation>图表和层表格显示其统计数据的 rank</translation>
    </message>
    <message>
        <source>recorded so far: %1 steps</source>
        <translation>已记录：%1 步</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfModel</name>
    <message>
        <source>No session</source>
        <translation>无会话</translation>
    </message>
    <message>
        <source>No per-layer statistics yet</source>
        <translation>尚无逐层统计</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>step skipped</source>
        <translation>该步被跳过</translation>
    </message>
    <message>
        <source>unscaled gradient g/S</source>
        <translation>反缩放梯度 g/S</translation>
    </message>
    <message>
        <source>scaled gradient, as backward produced it</source>
        <translation>缩放后的梯度，即反向传播产生的值</translation>
    </message>
    <message>
        <source>(the unscaled what-if needs a power-of-two scale)</source>
        <translation>（反缩放的假设分析需要 2 的幂作为缩放）</translation>
    </message>
    <message>
        <source>cast with no per-tensor scaling</source>
        <translation>不做逐张量缩放的转换</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
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
上溢</translation>
    </message>
    <message>
        <source>Share of the elements that are non-zero but would become zero when cast to %1 (|x| ≤ %2, half its smallest subnormal: the tie rounds to the even zero)</source>
        <translation>非零但转换为 %1 时会变为零的元素比例（|x| ≤ %2，即其最小次正规数的一半：恰在中点时舍入到偶数，即零）</translation>
    </message>
    <message>
        <source>Share of the finite elements that would become %1 when cast to %2 (|x| %3 %4; its largest finite value is %5)</source>
        <translation>转换为 %2 时会变为 %1 的有限元素比例（|x| %3 %4；其最大有限值为 %5）</translation>
    </message>
    <message>
        <source>%1: no statistics at this step</source>
        <translation>%1：此步没有统计数据</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would flush to zero</source>
        <translation>%1 → %2：%4 个元素中有 %3 个会被冲刷为零</translation>
    </message>
    <message>
        <source>%1 → %2: %3 of %4 elements would overflow</source>
        <translation>%1 → %2：%4 个元素中有 %3 个会上溢</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would flush to zero</source>
        <translation>%1 → %2：%5 个元素中有 %3 到 %4 个会被冲刷为零</translation>
    </message>
    <message>
        <source>%1 → %2: between %3 and %4 of %5 elements would overflow</source>
        <translation>%1 → %2：%5 个元素中有 %3 到 %4 个会上溢</translation>
    </message>
    <message>
        <source>flushes: non-zero |x| ≤ %1</source>
        <translation>冲刷为零：非零且 |x| ≤ %1</translation>
    </message>
    <message>
        <source>overflows: |x| %1 %2</source>
        <translation>上溢：|x| %1 %2</translation>
    </message>
    <message>
        <source>%1 elements lie in a bin that straddles that limit; the exponent histogram cannot split it</source>
        <translation>%1 个元素落在跨越该界限的区间中，指数直方图无法将其拆分</translation>
    </message>
    <message>
        <source>no per-layer statistics to export</source>
        <translation>没有可导出的逐层统计</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>shares of all elements (a–b: the histogram only bounds the count)</source>
        <translation>占全部元素的比例（a–b：直方图只能给出数量的范围）</translation>
    </message>
</context>
<context>
    <name>ampscope::ui::WhatIfPanel</name>
    <message>
        <source>What a round-to-nearest-even cast of each gradient, as recorded at this step, to each format would flush to zero or overflow, from the exact exponent histogram (docs/measurements.md, &quot;Format what-if&quot;). The values are already in the run&apos;s own format: a cast to that format changes nothing, and what the run flushed is counted as zero now (the Layers table&apos;s Underflow column measures it against an fp32 reference).</source>
        <translation>把本步记录的各梯度以“舍入到最近偶数”转换为各格式时，哪些会被冲刷为零或上溢，由精确的指数直方图得出（docs/measurements.md，&quot;Format what-if&quot;）。这些值已处于运行自身的格式：转换为该格式不会改变任何值，运行中已被冲刷为零的元素在此按零计数（层表的“下溢”列以 fp32 参考来测量它）。</translation>
    </message>
</context>
</TS>
