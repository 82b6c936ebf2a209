#pragma once
#include <tiffio.h>
#include <stdint.h>
