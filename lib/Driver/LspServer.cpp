//===--- LspServer.cpp - warpcheck for editors, over LSP ------------------===//

#include "LspServer.h"

#include "LspCodeActions.h"
#include "LspProtocol.h"

#include "AnalyzeFile.h"
#include "CrashContainment.h"
#include "FixProof.h"

#include "AnalysisReport.h"
#include "BoundedInput.h"
#include "CompilationDatabase.h"
#include "CompileCommand.h"
#include "Output.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/thread.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>

namespace warpcheck {

namespace {

using namespace lsp;

/// A driver line "FILE:LINE:COL: error: TEXT" as an editor shows it at
/// that place: TEXT.
std::string withoutPlace(llvm::StringRef Line) {
  size_t At = Line.find(": error: ");
  return (At == llvm::StringRef::npos ? Line : Line.drop_front(At + 9)).str();
}

/// Whether the client pulls diagnostics (textDocument/diagnostic): it
/// says so with capabilities.textDocument.diagnostic.
bool offersPull(const llvm::json::Value &Params) {
  if (const llvm::json::Object *P = Params.getAsObject())
    if (const llvm::json::Object *Caps = P->getObject("capabilities"))
      if (const llvm::json::Object *Doc = Caps->getObject("textDocument"))
        return Doc->getObject("diagnostic") != nullptr;
  return false;
}

/// The encoding the client offers that warpcheck prefers: UTF-8 when
/// offered (no conversion), else the default UTF-16.
PositionEncoding negotiateEncoding(const llvm::json::Value &Params) {
  if (const llvm::json::Object *P = Params.getAsObject())
    if (const llvm::json::Object *Caps = P->getObject("capabilities"))
      if (const llvm::json::Object *General = Caps->getObject("general"))
        if (const llvm::json::Array *Offered =
                General->getArray("positionEncodings"))
          for (const llvm::json::Value &E : *Offered)
            if (E.getAsString() == "utf-8")
              return PositionEncoding::Utf8;
  return PositionEncoding::Utf16;
}

/// The compile commands for a file: compile_commands.json up its directory
/// tree (or in build/ there); none means warpcheck's defaults.
std::unique_ptr<clang::tooling::CompilationDatabase>
databaseFor(const std::string &File) {
  std::string Error;
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    for (std::string Candidate : {Dir.str(), Dir.str() + "/build"}) {
      if (!llvm::sys::fs::exists(Candidate + "/compile_commands.json"))
        continue;
      auto DB = loadCompilationDatabase(Candidate, Error);
      if (DB && !DB->getCompileCommands(File).empty())
        return DB;
    }
  }
  return std::make_unique<clang::tooling::FixedCompilationDatabase>(
      ".", std::vector<std::string>());
}

/// JSON-RPC error codes.
enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
};

/// What the reader thread hands to the server: a message, a framing error
/// to answer, or the end of the input.
struct Incoming {
  enum Kind { Message, Error, End } K = End;
  llvm::json::Value Value = nullptr;
  int Code = 0;
  std::string Text;
};

/// Reads LSP frames from stdin with bounded headers and bodies. After a
/// framing error it resynchronizes on the next Content-Length header.
class FrameReader {
public:
  explicit FrameReader(std::istream &In = std::cin) : In(In) {}
  Incoming next() {
    std::optional<uint64_t> Length;
    std::string LengthError;
    bool Any = false;
    while (true) {
      std::string Line;
      bool TooLong = false;
      int C;
      while ((C = In.get()) != EOF && C != '\n') {
        if (Line.size() < MaxHeaderLine)
          Line.push_back(char(C));
        else
          TooLong = true;
      }
      if (C == EOF && Line.empty())
        return {};
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      if (Line.empty()) {
        if (!Any)
          continue; // blank lines between frames
        break;
      }
      Any = true;
      if (TooLong) {
        LengthError =
            llvm::formatv("header line over {0} bytes", MaxHeaderLine);
        continue;
      }
      // The header may follow the junk of a frame that could not be read.
      llvm::StringRef L(Line);
      size_t At = L.find_insensitive("content-length:");
      if (At == llvm::StringRef::npos)
        continue; // Content-Type and unknown headers
      llvm::StringRef V = L.substr(At + 15).trim();
      uint64_t N;
      if (V.getAsInteger(10, N))
        LengthError = llvm::formatv("invalid Content-Length '{0}'", V);
      else if (N > limits::LspMessageBytes)
        LengthError =
            llvm::formatv("Content-Length {0} is over the limit of {1}", V,
                          describeBytes(limits::LspMessageBytes));
      else {
        Length = N;
        LengthError.clear();
      }
    }
    if (!LengthError.empty() || !Length) {
      Incoming E;
      E.K = Incoming::Error;
      E.Code = InvalidRequest;
      E.Text = LengthError.empty() ? "message without a Content-Length header"
                                   : LengthError;
      return E;
    }
    std::string Body(*Length, '\0');
    if (*Length && !In.read(&Body[0], *Length))
      return {};
    Incoming M;
    auto V = parseJsonBounded(Body, limits::JsonDepth);
    if (!V) {
      M.K = Incoming::Error;
      M.Code = ParseError;
      M.Text = llvm::formatv("message is not JSON: {0}",
                             llvm::toString(V.takeError()));
      return M;
    }
    M.K = Incoming::Message;
    M.Value = std::move(*V);
    return M;
  }

private:
  static constexpr size_t MaxHeaderLine = 8192;
  std::istream &In;
};

class Server {
public:
  /// Negotiated at initialize (negotiateEncoding).
  std::atomic<PositionEncoding> Encoding{PositionEncoding::Utf16};

  Server(const DriverOptions &Options, llvm::raw_ostream &Out,
         const clang::tooling::CompilationDatabase *Given)
      : Options(Options), Out(Out), Given(Given) {
    // Editors offer every layout that helps: each is proven first.
    this->Options.ProveAlternativeFixes = true;
  }

  /// Serves until exit. Analyses run on a thread of their own, so that
  /// one that never ends (a pathological file, an include that blocks)
  /// cannot keep any request, shutdown and exit included, from its answer.
  int run() {
    llvm::CrashRecoveryContext::Enable();
    // The reader runs ahead of the analysis, so that edits that arrive
    // while a file is analyzed supersede the pending analysis.
    std::thread([this] {
      FrameReader Reader;
      while (true) {
        Incoming In = Reader.next();
        bool End = In.K == Incoming::End;
        {
          std::lock_guard<std::mutex> Lock(Mutex);
          Queue.push_back(std::move(In));
        }
        Wake.notify_all();
        if (End)
          return;
      }
    }).detach();
    llvm::thread Worker(std::optional<unsigned>(WorkerStackBytes),
                        [this] { analyzeLoop(); });
    int Status = serve();
    bool Idle;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Stopping = true;
      Idle = Busy.empty();
    }
    Wake.notify_all();
    if (Idle) {
      Worker.join();
      return Status;
    }
    // An analysis still runs and may never end: leave without waiting for
    // it, and without static destructors that would run under it.
    Worker.detach();
    Out.flush();
    std::fflush(stdout); // not stdin: the reader thread holds its lock
    std::_Exit(Status);
  }

  /// Handles every message of Input in order, on this thread, without
  /// analyzing documents (handleLspMessages).
  int replay(std::istream &Input) {
    Analyze = false;
    FrameReader Reader(Input);
    while (true)
      if (std::optional<int> Status = take(Reader.next()))
        return *Status;
  }

private:
  /// A document's latest text; Version tells an analysis of an older text.
  struct Document {
    std::string Text;
    uint64_t Version = 0;
  };
  /// What one analysis publishes.
  struct Analysis {
    llvm::json::Array Diagnostics;
    std::vector<LayoutAction> Actions;
  };
  /// A code action or a pulled diagnostic asked for while its document's
  /// latest text was not yet analyzed: answered once it is.
  struct PendingAction {
    llvm::json::Value Id;
    std::string Uri;
    std::optional<Range> Where; // none: textDocument/diagnostic
  };
  static constexpr unsigned WorkerStackBytes = 8u << 20;

  /// Handles messages until exit or the end of the input; the exit status.
  int serve() {
    while (true) {
      Incoming In;
      {
        std::unique_lock<std::mutex> Lock(Mutex);
        Wake.wait(Lock, [this] { return !Queue.empty(); });
        In = std::move(Queue.front());
        Queue.pop_front();
      }
      Wake.notify_all(); // the analysis waits for an empty queue
      if (std::optional<int> Status = take(In))
        return *Status;
    }
  }

  /// One message off the wire: the exit status when it ends the session
  /// (exit, or the end of the input), a framing error answered.
  std::optional<int> take(const Incoming &In) {
    if (In.K == Incoming::End)
      return 1;
    if (In.K == Incoming::Error) {
      replyError(nullptr, In.Code, In.Text);
      return std::nullopt;
    }
    return handle(In.Value);
  }

  /// The analysis thread: the documents whose latest text is unanalyzed,
  /// one at a time, only when no message waits (the latest text wins). A
  /// result for a text edited or closed since is dropped.
  void analyzeLoop() {
    while (true) {
      std::string Uri;
      Document Doc;
      {
        std::unique_lock<std::mutex> Lock(Mutex);
        Wake.wait(Lock, [this] {
          return Stopping || (Queue.empty() && !Dirty.empty());
        });
        if (Stopping)
          return;
        Uri = *Dirty.begin();
        Dirty.erase(Dirty.begin());
        auto It = Texts.find(Uri);
        if (It == Texts.end())
          continue;
        Doc = It->second;
        Busy = Uri;
      }
      Analysis A = analyze(Uri, Doc.Text);
      std::lock_guard<std::mutex> Lock(Mutex);
      Busy.clear();
      auto It = Texts.find(Uri);
      if (ShutDown || It == Texts.end() || It->second.Version != Doc.Version)
        continue;
      Actions[Uri] = std::move(A.Actions);
      publish(Uri, std::move(A.Diagnostics));
      answerPending(Uri);
    }
  }

  /// Answers the code actions waiting for Uri's analysis (Mutex held).
  void answerPending(const std::string &Uri) {
    llvm::erase_if(Pending, [&](const PendingAction &P) {
      if (P.Uri != Uri)
        return false;
      answer(P);
      return true;
    });
  }

  /// A code action's or a pulled diagnostic's answer, from Uri's latest
  /// analysis (Mutex held).
  void answer(const PendingAction &P) {
    if (P.Where) {
      reply(P.Id,
            actionsOn(Actions[P.Uri], P.Where->Start.Line, P.Where->End.Line));
      return;
    }
    auto It = Latest.find(P.Uri);
    reply(P.Id,
          llvm::json::Object{{"kind", "full"},
                             {"items", It == Latest.end() ? llvm::json::Array()
                                                          : It->second}});
  }

  /// Handles one message; the exit status once the client says exit.
  std::optional<int> handle(const llvm::json::Value &Message) {
    const llvm::json::Object *M = Message.getAsObject();
    if (!M) {
      replyError(nullptr, InvalidRequest, "a message must be a JSON object");
      return std::nullopt;
    }
    const llvm::json::Value *IdValue = M->get("id");
    std::optional<llvm::json::Value> Id;
    if (IdValue) {
      if (!IdValue->getAsInteger() && !IdValue->getAsString()) {
        replyError(nullptr, InvalidRequest,
                   "'id' must be an integer or a string");
        return std::nullopt;
      }
      Id = *IdValue;
    }
    std::optional<llvm::StringRef> MethodName = M->getString("method");
    if (!MethodName) {
      if (M->get("result") || M->get("error"))
        return std::nullopt; // a response: warpcheck sends no requests
      replyError(Id ? *Id : nullptr, InvalidRequest,
                 "message without a 'method'");
      return std::nullopt;
    }
    std::string Method = MethodName->str();
    // After shutdown only exit is served (LSP): a request is an invalid
    // request, a notification is ignored.
    if (ShutDown && Method != "exit") {
      if (Id)
        replyError(*Id, InvalidRequest,
                   llvm::formatv("'{0}' after shutdown: the server serves "
                                 "only 'exit' now",
                                 Method));
      return std::nullopt;
    }
    const llvm::json::Value Params =
        M->get("params") ? *M->get("params") : llvm::json::Value(nullptr);
    bool IsRequest = Method == "initialize" || Method == "shutdown" ||
                     Method == "textDocument/codeAction" ||
                     Method == "textDocument/diagnostic";
    if (IsRequest && !Id) {
      replyError(nullptr, InvalidRequest,
                 llvm::formatv("'{0}' is a request and needs an 'id'", Method));
      return std::nullopt;
    }
    return dispatch(Method, Params, Id);
  }

  /// Handles one well-formed message by its method; Id is there for every
  /// request.
  std::optional<int> dispatch(const std::string &Method,
                              const llvm::json::Value &Params,
                              const std::optional<llvm::json::Value> &Id) {
    // Typed parameters, or an error that names the field.
    auto Parse = [&](auto &Into) {
      llvm::json::Path::Root Root("params");
      if (fromJSON(Params, Into, Root))
        return true;
      replyError(
          Id ? *Id : nullptr, InvalidParams,
          llvm::formatv("{0}: {1}", Method, llvm::toString(Root.getError())));
      return false;
    };
    if (Method == "initialize") {
      Encoding = negotiateEncoding(Params);
      Pull = offersPull(Params);
      reply(*Id, capabilities());
    } else if (Method == "shutdown") {
      std::lock_guard<std::mutex> Lock(Mutex);
      ShutDown = true;
      Dirty.clear(); // no analysis after shutdown
      for (const PendingAction &P : Pending)
        reply(P.Id, P.Where
                        ? llvm::json::Value(llvm::json::Array())
                        : llvm::json::Object{{"kind", "full"},
                                             {"items", llvm::json::Array()}});
      Pending.clear();
      reply(*Id, nullptr);
    } else if (Method == "exit") {
      return ShutDown ? 0 : 1;
    } else if (Method == "textDocument/didOpen") {
      DidOpenParams P;
      if (Parse(P) && acceptUri(P.TextDocument.Uri, Id))
        update(P.TextDocument.Uri, std::move(P.TextDocument.Text));
    } else if (Method == "textDocument/didChange") {
      DidChangeParams P;
      if (Parse(P) && acceptUri(P.TextDocument.Uri, Id) &&
          !P.ContentChanges.empty())
        update(P.TextDocument.Uri, std::move(P.ContentChanges.back().Text));
    } else if (Method == "textDocument/didSave") {
      DocumentParams P;
      if (Parse(P) && acceptUri(P.TextDocument.Uri, Id)) {
        if (P.Text)
          update(P.TextDocument.Uri, std::move(*P.Text));
        else
          markDirty(P.TextDocument.Uri);
      }
    } else if (Method == "textDocument/didClose") {
      DocumentParams P;
      if (Parse(P)) {
        const std::string &Uri = P.TextDocument.Uri;
        std::lock_guard<std::mutex> Lock(Mutex);
        Texts.erase(Uri);
        Actions.erase(Uri);
        Dirty.erase(Uri);
        publish(Uri, llvm::json::Array());
        answerPending(Uri); // no fixes for a closed document
      }
    } else if (Method == "textDocument/codeAction") {
      CodeActionParams P;
      if (Parse(P))
        answerOrWait({*Id, P.TextDocument.Uri, P.Where});
    } else if (Method == "textDocument/diagnostic") {
      DocumentDiagnosticParams P;
      if (Parse(P))
        answerOrWait({*Id, P.TextDocument.Uri, std::nullopt});
    } else if (Id) {
      replyError(*Id, MethodNotFound,
                 llvm::formatv("warpcheck does not serve '{0}'", Method));
    }
    return std::nullopt;
  }

  /// What the server offers, as negotiated: pull diagnostics only to a
  /// client that pulls (the others get them pushed).
  llvm::json::Object capabilities() const {
    llvm::json::Object Caps{
        {"positionEncoding",
         Encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync", llvm::json::Object{{"openClose", true},
                                                {"change", 1},
                                                {"save", true}}},
        {"codeActionProvider",
         llvm::json::Object{
             {"codeActionKinds", llvm::json::Array{"quickfix"}}}}};
    if (Pull)
      Caps["diagnosticProvider"] =
          llvm::json::Object{{"identifier", "warpcheck"},
                             {"interFileDependencies", false},
                             {"workspaceDiagnostics", false}};
    return llvm::json::Object{
        {"capabilities", std::move(Caps)},
        {"serverInfo", llvm::json::Object{{"name", "warpcheck"},
                                          {"version", Options.Version}}}};
  }

  /// Answers for the text the editor shows, not an older one: by the
  /// analysis thread once that text is analyzed.
  void answerOrWait(PendingAction P) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Analyze && (Dirty.count(P.Uri) || Busy == P.Uri))
      Pending.push_back(std::move(P));
    else
      answer(P);
  }

  /// A document warpcheck can analyze: a file:// URI that is not a
  /// directory or another non-regular file.
  bool acceptUri(const std::string &Uri,
                 const std::optional<llvm::json::Value> &Id) {
    std::string Why;
    if (!llvm::StringRef(Uri).starts_with("file://"))
      Why = llvm::formatv("'{0}' is not a file:// URI", Uri);
    else {
      std::string File = pathOf(Uri);
      llvm::sys::fs::file_status St;
      if (!llvm::sys::fs::status(File, St) &&
          St.type() != llvm::sys::fs::file_type::regular_file)
        Why = llvm::formatv("'{0}' is not a regular file", File);
    }
    if (Why.empty())
      return true;
    replyError(Id ? *Id : nullptr, InvalidParams, Why);
    return false;
  }

  void update(const std::string &Uri, std::string Text) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Texts[Uri] = {std::move(Text), ++Versions};
      Dirty.insert(Uri);
    }
    Wake.notify_all();
  }
  /// Analyzes an open document again (saved without its text).
  void markDirty(const std::string &Uri) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (!Texts.count(Uri))
        return;
      Texts[Uri].Version = ++Versions;
      Dirty.insert(Uri);
    }
    Wake.notify_all();
  }

  void send(llvm::json::Object Message) {
    Message["jsonrpc"] = "2.0";
    std::string Body;
    llvm::raw_string_ostream OS(Body);
    OS << llvm::json::Value(std::move(Message));
    OS.flush();
    std::lock_guard<std::mutex> Lock(SendMutex); // both threads send
    Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
    Out.flush();
  }
  void reply(const llvm::json::Value &Id, llvm::json::Value Result) {
    send(llvm::json::Object{{"id", Id}, {"result", std::move(Result)}});
  }
  void replyError(const llvm::json::Value &Id, int Code,
                  const std::string &Message) {
    send(llvm::json::Object{
        {"id", Id},
        {"error", llvm::json::Object{{"code", Code}, {"message", Message}}}});
  }
  /// The document's diagnostics: kept for a pull, pushed to a client that
  /// does not pull.
  void publish(const std::string &Uri, llvm::json::Array Diagnostics) {
    Latest[Uri] = Diagnostics;
    if (Pull)
      return;
    send(llvm::json::Object{
        {"method", "textDocument/publishDiagnostics"},
        {"params",
         llvm::json::Object{{"uri", Uri},
                            {"diagnostics", std::move(Diagnostics)}}}});
  }
  /// A note's range: in the document, from its text; in another file (a
  /// header), from that file on disk.
  llvm::json::Object noteRange(const std::string &NotePath,
                               const std::string &File, llvm::StringRef Text,
                               unsigned Offset) const {
    if (NotePath == File)
      return range(Text, Offset, Offset, Encoding);
    auto Buffer = llvm::MemoryBuffer::getFile(NotePath);
    llvm::StringRef Other = Buffer ? (*Buffer)->getBuffer() : "";
    return range(Other, Offset, Offset, Encoding);
  }

  /// One error diagnostic at the top of the document.
  static Analysis errorAnalysis(const std::string &Message) {
    Analysis A;
    A.Diagnostics.push_back(llvm::json::Object{{"range", range("", 0, 0, {})},
                                               {"severity", 1},
                                               {"source", "warpcheck"},
                                               {"message", Message}});
    return A;
  }

  /// The LSP DiagnosticSeverity of a finding: an error is 1, a warning 2,
  /// a remark (an array ptxas keeps in registers) 3, information. Notes
  /// are never diagnostics of their own: they go in relatedInformation.
  static int severityOf(clang::tidy::ClangTidyError::Level Level) {
    switch (Level) {
    case clang::tidy::ClangTidyError::Error:
      return 1;
    case clang::tidy::ClangTidyError::Warning:
      return 2;
    case clang::tidy::ClangTidyError::Remark:
      return 3;
    }
    llvm_unreachable("a finding has no other level");
  }

  /// Analyzes Text as the document Uri, on the analysis thread; touches
  /// nothing the other threads share.
  Analysis analyze(const std::string &Uri, const std::string &Text) {
    std::string File = pathOf(Uri);
    std::unique_ptr<clang::tooling::CompilationDatabase> Found;
    const clang::tooling::CompilationDatabase *DB = Given;
    if (!DB || DB->getCompileCommands(File).empty()) {
      Found = databaseFor(File);
      DB = Found.get();
    }
    SafeCompilations Safe(*DB);
    std::string Refused = checkBeforeAnalysis(Safe, File);
    if (!Refused.empty())
      return errorAnalysis(Refused);
    std::unique_ptr<FileAnalysis> Result;
    if (!runContained([&] { Result = analyzeOne(Options, Safe, File, &Text); }))
      return errorAnalysis("warpcheck crashed while analyzing this file (an "
                           "internal error; please report it)");
    // Only proven fixes are offered (FixProof.h), proven on this text.
    if (!runContained([&] { proveLayoutFixes(Options, *Result, &Text); }))
      return errorAnalysis("warpcheck crashed while proving a layout fix (an "
                           "internal error; please report it)");
    Analysis A;
    // Code lost to compiler errors is said at the first error, never
    // silence (a syntax error that wrecks every kernel).
    decideStatus(*Result);
    if (!Result->FileError.empty()) {
      unsigned At = Result->ErrorFile == File ? Result->ErrorOffset : 0;
      A.Diagnostics.push_back(
          llvm::json::Object{{"range", range(Text, At, At + 1, Encoding)},
                             {"severity", 1},
                             {"source", "warpcheck"},
                             {"message", withoutPlace(Result->FileError)}});
    }
    std::map<unsigned, llvm::json::Value> At; // the warnings, for the actions
    for (const auto &E : Result->Findings) {
      if (E.Message.FilePath != File)
        continue; // a header's findings go to the header's document
      llvm::json::Array Related;
      for (const auto &N : E.Notes)
        Related.push_back(llvm::json::Object{
            {"location",
             llvm::json::Object{
                 {"uri", fileUri(N.FilePath)},
                 {"range", noteRange(N.FilePath, File, Text, N.FileOffset)}}},
            {"message", N.Message}});
      llvm::json::Object D{{"range", range(Text, E.Message.FileOffset,
                                           E.Message.FileOffset + 1, Encoding)},
                           {"severity", severityOf(E.DiagLevel)},
                           {"code", E.DiagnosticName},
                           {"source", "warpcheck"},
                           {"message", E.Message.Message},
                           {"relatedInformation", std::move(Related)}};
      At.emplace(E.Message.FileOffset, llvm::json::Object(D));
      A.Diagnostics.push_back(std::move(D));
    }
    A.Actions = layoutActions(*Result, Uri, File, Text, Encoding, At);
    return A;
  }

  DriverOptions Options;
  llvm::raw_ostream &Out;
  const clang::tooling::CompilationDatabase *Given;
  std::atomic<bool> ShutDown = false;
  bool Analyze = true; // false for replay()
  // Shared by the reader, message and analysis threads, under Mutex.
  std::mutex Mutex;
  std::condition_variable Wake; // any change below
  std::deque<Incoming> Queue;
  std::map<std::string, Document> Texts;
  uint64_t Versions = 0;
  std::set<std::string> Dirty; // documents whose latest text is unanalyzed
  std::string Busy;            // the document being analyzed
  bool Stopping = false;       // exit: the analysis thread ends
  std::map<std::string, std::vector<LayoutAction>> Actions;
  std::map<std::string, llvm::json::Array> Latest; // the last diagnostics
  std::atomic<bool> Pull = false; // the client pulls diagnostics
  std::vector<PendingAction> Pending;
  std::mutex SendMutex; // taken after Mutex, never before
};

} // namespace

int runLspServer(const DriverOptions &Options, llvm::raw_ostream &Out,
                 const clang::tooling::CompilationDatabase *Database) {
  // Never freed: the detached reader thread may still be blocked in a read
  // that returns while the process exits.
  return (new Server(Options, Out, Database))->run();
}

int handleLspMessages(llvm::StringRef Input, const DriverOptions &Options,
                      llvm::raw_ostream &Out) {
  std::istringstream Stream(Input.str());
  return Server(Options, Out, nullptr).replay(Stream);
}

} // namespace warpcheck
