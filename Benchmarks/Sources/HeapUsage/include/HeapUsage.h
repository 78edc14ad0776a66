#ifndef MONSOON_HEAP_USAGE_H
#define MONSOON_HEAP_USAGE_H
#include <stddef.h>

/// Bytes currently allocated on the malloc heap (glibc's mallinfo2), or 0 where unavailable.
size_t heap_bytes_in_use(void);

#endif
