#pragma once
#define TILE_PAD 0
