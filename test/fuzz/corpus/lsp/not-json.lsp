Content-Length: 5
Content-Type: application/json

{nopeContent-Length: 3

[1]