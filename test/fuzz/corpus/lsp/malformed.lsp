Content-Length: 56

{"method": "initialize", "params": {}, "jsonrpc": "2.0"}Content-Length: 40

{"method": "shutdown", "jsonrpc": "2.0"}Content-Length: 52

{"method": "textDocument/didOpen", "jsonrpc": "2.0"}Content-Length: 53

{"method": "textDocument/didClose", "jsonrpc": "2.0"}Content-Length: 140

{"id": 4, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": "file:///tmp/warpcheck-fuzz-lsp/a.cu"}}, "jsonrpc": "2.0"}Content-Length: 44

{"id": [1], "method": "x", "jsonrpc": "2.0"}Content-Length: 55

{"id": 5, "method": "unknown/method", "jsonrpc": "2.0"}Content-Length: 40

{"result": 1, "id": 9, "jsonrpc": "2.0"}Content-Length: 27

{"id": 6, "jsonrpc": "2.0"}Content-Length: 116

{"method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp", "text": ""}}, "jsonrpc": "2.0"}Content-Length: 117

{"method": "textDocument/didOpen", "params": {"textDocument": {"uri": "http://x/a%2", "text": ""}}, "jsonrpc": "2.0"}Content-Length: 1000000000000

{}Content-Length: x



Content-Length: 2

[]Content-Length: 36

{"method": "exit", "jsonrpc": "2.0"}