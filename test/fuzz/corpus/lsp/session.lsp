Content-Length: 83

{"id": 1, "method": "initialize", "params": {"capabilities": {}}, "jsonrpc": "2.0"}Content-Length: 57

{"method": "initialized", "params": {}, "jsonrpc": "2.0"}Content-Length: 199

{"method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu", "languageId": "cuda", "version": 1, "text": "__global__ void k(){}\n"}}, "jsonrpc": "2.0"}Content-Length: 179

{"method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu", "version": 2}, "contentChanges": [{"text": "x"}]}, "jsonrpc": "2.0"}Content-Length: 128

{"method": "textDocument/didSave", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu"}}, "jsonrpc": "2.0"}Content-Length: 257

{"id": 2, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}, "context": {"diagnostics": []}}, "jsonrpc": "2.0"}Content-Length: 129

{"method": "textDocument/didClose", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu"}}, "jsonrpc": "2.0"}Content-Length: 49

{"id": 3, "method": "shutdown", "jsonrpc": "2.0"}Content-Length: 36

{"method": "exit", "jsonrpc": "2.0"}