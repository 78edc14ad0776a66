#ifndef MONSOON_HEAP_USAGE_H
#define MONSOON_HEAP_USAGE_H
#include <stddef.h>

/// Bytes currently allocated on the malloc heap (glibc's mallinfo2), or 0 where unavailable.
size_t heap_bytes_in_use(void);

/// From now on, the heap keeps what it takes from the system (glibc), so that `heap_peak_bytes` is the
/// peak of its use; call it before anything else.
void heap_peak_tracking_start(void);

/// The most the heap has held since `heap_peak_tracking_start`, in bytes, or 0 where unavailable.
size_t heap_peak_bytes(void);

#endif
