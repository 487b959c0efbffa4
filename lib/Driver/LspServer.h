//===--- LspServer.h - warpcheck for editors, over LSP ----------*- C++ -*-===//
//
// clangd cannot load out-of-tree checks, so `warpcheck --lsp` is a small
// language server of its own that runs beside clangd: it publishes
// warpcheck's diagnostics (with their notes as related information) for
// open CUDA files and offers the layout fixes as code actions. Compile
// commands come from compile_commands.json found up the file's directory
// tree (or in a build/ folder there), as clangd finds them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPCHECK_DRIVER_LSPSERVER_H
#define WARPCHECK_DRIVER_LSPSERVER_H

#include "Driver.h"

#include "clang/Tooling/CompilationDatabase.h"

#include "llvm/Support/raw_ostream.h"

namespace warpcheck {

/// Serves LSP on stdin and Out until `exit`; returns the exit status.
/// Database, when given (-p), holds the compile commands of every file.
int runLspServer(const DriverOptions &Options, llvm::raw_ostream &Out,
                 const clang::tooling::CompilationDatabase *Database = nullptr);

/// Reads the LSP frames of Input and handles each message as the server
/// does, on the calling thread and without analyzing documents; replies go
/// to Out. Returns the exit status `exit` gives, or 1 at the end of Input.
/// The entry of the LSP fuzzer (test/fuzz/).
int handleLspMessages(llvm::StringRef Input, const DriverOptions &Options,
                      llvm::raw_ostream &Out);

} // namespace warpcheck

#endif
