//===--- HtmlReportWriter.cpp - --format=html -----------------------------===//
//
// One self-contained page (issue 29): a table of the accesses with a bank
// conflict or an unknown count, each linked to its section: the finding,
// the source line, and the bank map of the worst request (lanes x 32
// banks, each cell the wavefront that serves the lane's word there, the
// distinct words per bank) before and after the proposed layout fix, then
// the finding's notes. Inline CSS and tables only: no script, no font, no
// request to a network (the page's Content-Security-Policy forbids them).
// Every text from a source or a diagnostic is escaped. The page grows with
// the findings only: accesses without a conflict are not drawn.
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"
#include "WorstRequestView.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang::tidy;

namespace warpcheck {
namespace {

/// Text as HTML character data or an attribute value.
std::string escape(llvm::StringRef Text) {
  std::string S;
  for (char C : Text)
    switch (C) {
    case '&':
      S += "&amp;";
      break;
    case '<':
      S += "&lt;";
      break;
    case '>':
      S += "&gt;";
      break;
    case '"':
      S += "&quot;";
      break;
    case '\'':
      S += "&#39;";
      break;
    default:
      S += C;
    }
  return S;
}

/// Wavefront colours, by wavefront modulo their count (the cell also
/// shows the number).
constexpr const char *Colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2",
                                   "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                                   "#9c755f", "#bab0ac", "#1f77b4", "#d62728",
                                   "#2ca02c", "#9467bd", "#8c564b", "#17becf"};
constexpr unsigned NumColours = sizeof(Colours) / sizeof(Colours[0]);

void writeStyle(llvm::raw_ostream &Out) {
  Out << "<style>\n"
         "body{font:14px/1.4 sans-serif;margin:1.5em;color:#222}\n"
         "table{border-collapse:collapse}\n"
         ".summary td,.summary th{border:1px solid #ccc;padding:2px 6px}\n"
         ".map td,.map th{border:1px solid #ddd;width:1.6em;height:1.1em;"
         "padding:0;text-align:center;font:11px monospace}\n"
         ".map th.w,.map td.w{width:4em}\n"
         ".map tr.off td{background:#f4f4f4;color:#999}\n"
         ".map tfoot td{font-weight:bold}\n"
         "pre.src{background:#f6f8fa;padding:6px;overflow-x:auto}\n"
         "section{border-top:2px solid #888;margin-top:2em}\n"
         ".why{color:#8a4b00}\n.maps{display:flex;flex-wrap:wrap;gap:2em}\n";
  for (unsigned I = 0; I < NumColours; ++I)
    Out << llvm::formatv(".c{0}{{background:{1};color:#fff}\n", I, Colours[I]);
  Out << "</style>\n";
}

/// One bank map: a row per lane, a column per bank, a row of word counts.
void writeMap(llvm::raw_ostream &Out, const BankMap &M,
              const std::string &Caption) {
  Out << "<table class=\"map\" data-wavefronts=\"" << M.Wavefronts << "\">"
      << "<caption>" << escape(Caption) << "</caption>\n<thead><tr><th>lane"
      << "</th><th class=\"w\">word</th>";
  for (unsigned B = 0; B < NumBanks; ++B)
    Out << "<th>" << B << "</th>";
  Out << "</tr></thead>\n<tbody>\n";
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!M.Bytes[L]) {
      Out << "<tr class=\"off\" data-lane=\"" << L << "\"><th>" << L
          << "</th><td class=\"w\">-</td>";
      for (unsigned B = 0; B < NumBanks; ++B)
        Out << "<td></td>";
      Out << "</tr>\n";
      continue;
    }
    std::array<int, NumBanks> Wave;
    Wave.fill(-1);
    for (const LaneWord &W : M.Lanes[L])
      Wave[W.Bank] = int(W.Wavefront);
    Out << "<tr data-lane=\"" << L << "\"><th>" << L << "</th><td class=\"w\">"
        << *M.Bytes[L] / BankWidthBytes << "</td>";
    for (unsigned B = 0; B < NumBanks; ++B)
      if (Wave[B] < 0)
        Out << "<td></td>";
      else
        Out << "<td class=\"c" << Wave[B] % NumColours << "\">" << Wave[B]
            << "</td>";
    Out << "</tr>\n";
  }
  Out << "</tbody>\n<tfoot><tr><th colspan=\"2\">words</th>";
  for (unsigned B = 0; B < NumBanks; ++B)
    Out << "<td>" << M.WordsPerBank[B] << "</td>";
  Out << "</tr></tfoot></table>\n";
}

/// A finding, kept until its file's accesses arrive.
struct Finding {
  unsigned Line = 0, Column = 0;
  std::string File, Message, Check;
  std::vector<std::string> Notes;
};

/// An access drawn in the report.
struct Section {
  AccessRecord A;
  std::string Id, Headline, Check;
  std::vector<std::string> Notes;
};

bool conflictedOrUnknown(const AccessRecord &A) {
  return A.Status == "unknown" || A.Wavefronts > A.IdealWavefronts;
}

class HtmlReportWriter : public ReportWriter {
public:
  using ReportWriter::ReportWriter;

  void finish() override {
    Out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "\n<meta http-equiv=\"Content-Security-Policy\" content=\""
           "default-src 'none'; style-src 'unsafe-inline'\">\n"
           "<title>warpcheck: bank maps</title>\n";
    writeStyle(Out);
    Out << "</head><body>\n<h1>warpcheck: shared-memory bank maps</h1>\n";
    Out << llvm::formatv("<p>{0} {1} with a bank conflict or an unknown "
                         "count in {2} {3}. Each map is the worst request "
                         "of the access: a row per lane, a column per bank "
                         "(bank = word mod 32, words of 4 bytes counted from "
                         "the array's start); a cell is the wavefront (from "
                         "0) that serves the lane's word in that bank, the "
                         "last row the distinct words each bank serves.</p>\n",
                         Sections.size(),
                         Sections.size() == 1 ? "access" : "accesses", Files,
                         Files == 1 ? "file" : "files");
    writeSummary();
    for (const Section &S : Sections)
      writeSection(S);
    Out << "</body></html>\n";
  }

private:
  void addFinding(const FileAnalysis &, const ClangTidyError &E,
                  bool) override {
    Finding F;
    std::tie(F.Line, F.Column) =
        lineColumn(E.Message.FilePath, E.Message.FileOffset);
    F.File = E.Message.FilePath;
    F.Message = E.Message.Message;
    F.Check = E.DiagnosticName;
    for (const auto &N : E.Notes) {
      auto [Line, Column] = lineColumn(N.FilePath, N.FileOffset);
      F.Notes.push_back(llvm::formatv("{0}:{1}:{2}: {3}",
                                      llvm::sys::path::filename(N.FilePath),
                                      Line, Column, N.Message));
    }
    Pending.push_back(std::move(F));
  }

  /// The bank warning at A's site that names A's kernel and block (a site
  /// analyzed for several kernels or shapes has a warning for each verdict),
  /// else the first one there.
  const Finding *warningOf(const AccessRecord &A) const {
    std::string Own = llvm::formatv("in '{0}', block {1} ", A.Kernel,
                                    A.Block.str());
    const Finding *First = nullptr;
    for (const Finding &F : Pending) {
      if (F.Line != A.Line || F.Column != A.Column ||
          llvm::sys::path::filename(F.File) !=
              llvm::sys::path::filename(A.File) ||
          F.Check.find("bank") == std::string::npos)
        continue;
      if (llvm::any_of(F.Notes, [&](const std::string &N) {
            return N.find(Own) != std::string::npos;
          }))
        return &F;
      if (!First)
        First = &F;
    }
    return First;
  }

  void endFile(const FileAnalysis &R) override {
    ++Files;
    for (const AccessRecord &A : R.Report.Accesses) {
      if (!conflictedOrUnknown(A) || !Seen.insert(accessKey(A)).second)
        continue;
      Section S{A, accessId(A), "", "", {}};
      if (const Finding *F = warningOf(A)) {
        S.Headline = F->Message;
        S.Check = F->Check;
        S.Notes = F->Notes;
      }
      if (S.Headline.empty())
        S.Headline = llvm::formatv("{0} wavefronts per request, {1} ideal "
                                   "({2}; no warning reported)",
                                   A.Wavefronts, A.IdealWavefronts, A.Status);
      Sections.push_back(std::move(S));
    }
    Pending.clear();
  }

  void writeSummary() {
    Out << "<table class=\"summary\"><thead><tr><th>location</th><th>kernel"
           "</th><th>block</th><th>variable</th><th>wavefronts</th><th>ideal"
           "</th><th>status</th></tr></thead><tbody>\n";
    for (const Section &S : Sections)
      Out << llvm::formatv(
          "<tr><td><a href=\"#{0}\">{1}:{2}</a></td><td>{3}</td><td>{4}</td>"
          "<td>{5}</td><td>{6}</td><td>{7}</td><td>{8}</td></tr>\n",
          S.Id, escape(relativeToWorkingDirectory(S.A.File)), S.A.Line,
          escape(S.A.Kernel), escape(S.A.Block.str()), escape(S.A.Variable),
          S.A.Wavefronts, S.A.IdealWavefronts, escape(S.A.Status));
    Out << "</tbody></table>\n";
  }

  void writeSection(const Section &S) {
    const AccessRecord &A = S.A;
    const WorstRequestView &V = A.WorstRequest;
    Out << llvm::formatv("<section id=\"{0}\" class=\"access\" "
                         "data-status=\"{1}\">\n<h2>{2}:{3}:{4}: {5}{6}</h2>\n",
                         S.Id, escape(A.Status),
                         escape(relativeToWorkingDirectory(A.File)), A.Line,
                         A.Column, escape(S.Headline),
                         S.Check.empty() ? "" : " [" + escape(S.Check) + "]");
    Out << "<pre class=\"src\">" << escape(sourceLine(A.File, A.Line))
        << "</pre>\n";
    Out << llvm::formatv("<p>kernel <code>{0}</code>, {1} of {2} bytes to "
                         "<code>{3}</code>, block {4}</p>\n",
                         escape(A.Kernel), escape(A.Kind), A.WidthBytes,
                         escape(A.Variable), escape(A.Block.str()));
    if (!V.Known) {
      Out << "<p class=\"why\">" << escape(V.Reason) << "</p>\n";
    } else {
      Out << "<div class=\"maps\">\n<div class=\"before\">";
      writeMap(Out, drawView(A, false),
               llvm::formatv("warp {0}: {1} wavefronts", V.Warp, V.Wavefronts));
      Out << "</div>\n";
      if (!V.FixLayout.empty()) {
        Out << "<div class=\"after\">";
        writeMap(Out, drawView(A, true),
                 llvm::formatv("after {0}: {1} wavefronts", V.FixLayout,
                               V.FixWavefronts));
        Out << "</div>\n";
      }
      Out << "</div>\n";
      Out << "<p class=\"why\">"
          << escape(!V.FixLayout.empty()   ? ""
                    : !V.FixReason.empty() ? V.FixReason
                                           : "no layout fix proposed")
          << "</p>\n";
    }
    if (!S.Notes.empty()) {
      Out << "<ul class=\"notes\">\n";
      for (const std::string &N : S.Notes)
        Out << "<li>" << escape(N) << "</li>\n";
      Out << "</ul>\n";
    }
    Out << "</section>\n";
  }

  std::vector<Finding> Pending;
  std::vector<Section> Sections;
  std::set<std::string> Seen;
  unsigned Files = 0;
};

} // namespace

std::unique_ptr<ReportWriter> makeHtmlReportWriter(const DriverOptions &O,
                                                   llvm::raw_ostream &Out,
                                                   llvm::raw_ostream &Err) {
  return std::make_unique<HtmlReportWriter>(O, Out, Err);
}

} // namespace warpcheck
