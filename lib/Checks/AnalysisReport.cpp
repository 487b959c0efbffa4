#include "AnalysisReport.h"

namespace warpcheck {
namespace {
// Per thread: with -j, files are analyzed on several threads at once.
thread_local AnalysisReport *Active = nullptr;
} // namespace
AnalysisReport *activeAnalysisReport() { return Active; }
void setActiveAnalysisReport(AnalysisReport *Report) { Active = Report; }
} // namespace warpcheck
