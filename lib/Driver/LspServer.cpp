//===--- LspServer.cpp - warpcheck for editors, over LSP ------------------===//

#include "LspServer.h"

#include "AnalysisReport.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <iostream>
#include <map>
#include <string>

namespace warpcheck {

namespace {

std::string pathOf(llvm::StringRef Uri) {
  Uri.consume_front("file://");
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%' && I + 2 < Uri.size()) {
      unsigned V;
      if (!Uri.substr(I + 1, 2).getAsInteger(16, V)) {
        Path += char(V);
        I += 2;
        continue;
      }
    }
    Path += Uri[I];
  }
  return Path;
}

std::string uriOf(llvm::StringRef Path) { return "file://" + Path.str(); }

/// LSP position (0-based line, UTF-16 column ~ bytes for ASCII) of an offset.
llvm::json::Object position(llvm::StringRef Text, unsigned Offset) {
  Offset = std::min<unsigned>(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  size_t Newline = Before.rfind('\n');
  unsigned Line = Before.count('\n');
  unsigned Col =
      Newline == llvm::StringRef::npos ? Offset : Offset - Newline - 1;
  return llvm::json::Object{{"line", Line}, {"character", Col}};
}

llvm::json::Object range(llvm::StringRef Text, unsigned Begin, unsigned End) {
  return llvm::json::Object{{"start", position(Text, Begin)},
                            {"end", position(Text, End)}};
}

/// The compile commands for a file: compile_commands.json up its directory
/// tree (or in build/ there); none means warpcheck's defaults.
std::unique_ptr<clang::tooling::CompilationDatabase>
databaseFor(const std::string &File) {
  std::string Error;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    for (std::string Candidate : {Dir.str(), Dir.str() + "/build"}) {
      auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
          Candidate + "/compile_commands.json", Error,
          clang::tooling::JSONCommandLineSyntax::AutoDetect);
      if (DB && !DB->getCompileCommands(File).empty())
        return DB;
    }
  }
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(
      ".", std::vector<std::string>());
}

class Server {
public:
  Server(const DriverOptions &Options, llvm::raw_ostream &Out,
         const clang::tooling::CompilationDatabase *Given)
      : Options(Options), Out(Out), Given(Given) {}

  int run() {
    while (auto Message = read()) {
      const llvm::json::Object *M = Message->getAsObject();
      if (!M)
        continue;
      llvm::StringRef Method = M->getString("method").value_or("");
      const llvm::json::Value *Id = M->get("id");
      const llvm::json::Object *Params = M->getObject("params");
      if (Method == "initialize") {
        reply(*Id,
              llvm::json::Object{
                  {"capabilities",
                   llvm::json::Object{{"textDocumentSync",
                                       llvm::json::Object{{"openClose", true},
                                                          {"change", 1},
                                                          {"save", true}}},
                                      {"codeActionProvider", true}}},
                  {"serverInfo",
                   llvm::json::Object{{"name", "warpcheck"},
                                      {"version", Options.Version}}}});
      } else if (Method == "shutdown") {
        reply(*Id, nullptr);
        ShutDown = true;
      } else if (Method == "exit") {
        return ShutDown ? 0 : 1;
      } else if (Method == "textDocument/didOpen" ||
                 Method == "textDocument/didChange" ||
                 Method == "textDocument/didSave") {
        const auto *Doc = Params->getObject("textDocument");
        std::string Uri = Doc->getString("uri").value_or("").str();
        if (auto Text = Doc->getString("text"))
          Texts[Uri] = Text->str();
        if (const auto *Changes = Params->getArray("contentChanges"))
          for (const auto &C : *Changes)
            if (auto Text = C.getAsObject()->getString("text"))
              Texts[Uri] = Text->str();
        analyze(Uri);
      } else if (Method == "textDocument/didClose") {
        std::string Uri = Params->getObject("textDocument")
                              ->getString("uri")
                              .value_or("")
                              .str();
        Texts.erase(Uri);
        Fixes.erase(Uri);
        publish(Uri, llvm::json::Array());
      } else if (Method == "textDocument/codeAction") {
        std::string Uri = Params->getObject("textDocument")
                              ->getString("uri")
                              .value_or("")
                              .str();
        reply(*Id, codeActions(Uri, *Params->getObject("range")));
      } else if (Id) {
        reply(*Id, nullptr); // requests we do not serve
      }
    }
    return 1;
  }

private:
  struct Fix {
    unsigned Line;
    std::string Title;
    llvm::json::Array Edits;
    llvm::json::Value Diagnostic = nullptr;
  };

  std::optional<llvm::json::Value> read() {
    std::string Line;
    size_t Length = 0;
    while (std::getline(std::cin, Line)) {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      if (Line.empty())
        break;
      llvm::StringRef L(Line);
      if (L.consume_front_insensitive("Content-Length:"))
        L.trim().getAsInteger(10, Length);
    }
    if (!std::cin || Length == 0)
      return std::nullopt;
    std::string Body(Length, '\0');
    std::cin.read(&Body[0], Length);
    auto V = llvm::json::parse(Body);
    if (!V) {
      llvm::consumeError(V.takeError());
      return llvm::json::Value(nullptr);
    }
    return std::move(*V);
  }

  void send(llvm::json::Object Message) {
    Message["jsonrpc"] = "2.0";
    std::string Body;
    llvm::raw_string_ostream OS(Body);
    OS << llvm::json::Value(std::move(Message));
    OS.flush();
    Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
    Out.flush();
  }
  void reply(const llvm::json::Value &Id, llvm::json::Value Result) {
    send(llvm::json::Object{{"id", Id}, {"result", std::move(Result)}});
  }
  void publish(const std::string &Uri, llvm::json::Array Diagnostics) {
    send(llvm::json::Object{
        {"method", "textDocument/publishDiagnostics"},
        {"params",
         llvm::json::Object{{"uri", Uri},
                            {"diagnostics", std::move(Diagnostics)}}}});
  }

  void analyze(const std::string &Uri) {
    std::string File = pathOf(Uri);
    const std::string &Text = Texts[Uri];
    std::unique_ptr<clang::tooling::CompilationDatabase> Found;
    const clang::tooling::CompilationDatabase *DB = Given;
    if (!DB || DB->getCompileCommands(File).empty()) {
      Found = databaseFor(File);
      DB = Found.get();
    }
    auto Result = analyzeOne(Options, *DB, File, &Text);
    llvm::json::Array Diagnostics;
    std::vector<Fix> FileFixes;
    for (const auto &E : Result->Findings) {
      if (E.Message.FilePath != File)
        continue; // a header's findings go to the header's document
      llvm::json::Array Related;
      for (const auto &N : E.Notes)
        Related.push_back(llvm::json::Object{
            {"location", llvm::json::Object{{"uri", uriOf(N.FilePath)},
                                            {"range", range(Text, N.FileOffset,
                                                            N.FileOffset)}}},
            {"message", N.Message}});
      llvm::json::Object D{{"range", range(Text, E.Message.FileOffset,
                                           E.Message.FileOffset + 1)},
                           {"severity", 2},
                           {"code", E.DiagnosticName},
                           {"source", "warpcheck"},
                           {"message", E.Message.Message},
                           {"relatedInformation", std::move(Related)}};
      if (!E.Message.Fix.empty()) {
        Fix F;
        F.Line =
            position(Text, E.Message.FileOffset).getInteger("line").value_or(0);
        F.Title = "warpcheck: apply the layout fix";
        for (const auto &[Path, Replacements] : E.Message.Fix)
          for (const auto &R : Replacements)
            F.Edits.push_back(llvm::json::Object{
                {"range",
                 range(Text, R.getOffset(), R.getOffset() + R.getLength())},
                {"newText", R.getReplacementText().str()}});
        F.Diagnostic = llvm::json::Value(llvm::json::Object(D));
        FileFixes.push_back(std::move(F));
      }
      Diagnostics.push_back(std::move(D));
    }
    Fixes[Uri] = std::move(FileFixes);
    publish(Uri, std::move(Diagnostics));
  }

  llvm::json::Array codeActions(const std::string &Uri,
                                const llvm::json::Object &Range) {
    llvm::json::Array Actions;
    int64_t First = Range.getObject("start")->getInteger("line").value_or(0);
    int64_t Last = Range.getObject("end")->getInteger("line").value_or(First);
    for (const Fix &F : Fixes[Uri]) {
      if (int64_t(F.Line) < First || int64_t(F.Line) > Last)
        continue;
      llvm::json::Object Changes;
      Changes[Uri] = llvm::json::Array(F.Edits);
      Actions.push_back(llvm::json::Object{
          {"title", F.Title},
          {"kind", "quickfix"},
          {"diagnostics", llvm::json::Array{F.Diagnostic}},
          {"edit", llvm::json::Object{{"changes", std::move(Changes)}}}});
    }
    return Actions;
  }

  const DriverOptions &Options;
  llvm::raw_ostream &Out;
  const clang::tooling::CompilationDatabase *Given;
  std::map<std::string, std::string> Texts;
  std::map<std::string, std::vector<Fix>> Fixes;
  bool ShutDown = false;
};

} // namespace

int runLspServer(const DriverOptions &Options, llvm::raw_ostream &Out,
                 const clang::tooling::CompilationDatabase *Database) {
  return Server(Options, Out, Database).run();
}

} // namespace warpcheck
