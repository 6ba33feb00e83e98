// Shim over Debian's cairo: the core API plus its PNG and SVG surfaces.
#ifndef BEZIERTUNE_CCAIRO_SHIM_H
#define BEZIERTUNE_CCAIRO_SHIM_H

#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>

#endif
