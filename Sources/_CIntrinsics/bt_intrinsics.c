// The header holds everything (static inline); SwiftPM needs one source file per C target.
#include "bt_intrinsics.h"
