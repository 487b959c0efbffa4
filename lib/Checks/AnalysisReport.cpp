#include "AnalysisReport.h"

namespace warpcheck {
namespace {
AnalysisReport *Active = nullptr;
}
AnalysisReport *activeAnalysisReport() { return Active; }
void setActiveAnalysisReport(AnalysisReport *Report) { Active = Report; }
} // namespace warpcheck
