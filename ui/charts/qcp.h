// QCustomPlot for ampscope::ui. qcustomplot.h spells Qt's keywords (`signals`, `foreach`),
// which our targets turn off with QT_NO_KEYWORDS (they clash with LibTorch); map them to the
// Q_ macros for this one header and take them back afterwards.
#pragma once

#include <QtGlobal>

#ifndef signals
#define signals Q_SIGNALS
#define AMPSCOPE_QCP_SIGNALS
#endif
#ifndef slots
#define slots Q_SLOTS
#define AMPSCOPE_QCP_SLOTS
#endif
#ifndef emit
#define emit Q_EMIT
#define AMPSCOPE_QCP_EMIT
#endif
#ifndef foreach
#define foreach Q_FOREACH
#define AMPSCOPE_QCP_FOREACH
#endif

#include <qcustomplot.h>

#ifdef AMPSCOPE_QCP_SIGNALS
#undef signals
#undef AMPSCOPE_QCP_SIGNALS
#endif
#ifdef AMPSCOPE_QCP_SLOTS
#undef slots
#undef AMPSCOPE_QCP_SLOTS
#endif
#ifdef AMPSCOPE_QCP_EMIT
#undef emit
#undef AMPSCOPE_QCP_EMIT
#endif
#ifdef AMPSCOPE_QCP_FOREACH
#undef foreach
#undef AMPSCOPE_QCP_FOREACH
#endif
