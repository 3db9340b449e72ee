// The GUI entry point, called by app/main.cpp with argc/argv unchanged:
//   ampscope [--preset NAME] [--dark] [--presentation] [--paused]
//   ampscope screenshot --preset NAME --steps N --out FILE.png|.pdf|.svg
//            [--size WxH] [--scale F] [--dark] [--presentation]
#pragma once

namespace ampscope::ui {

int gui_main(int argc, char** argv);

}  // namespace ampscope::ui
