#include "HeapUsage.h"
#include <stdlib.h>  /* defines __GLIBC__ where glibc is the C library */

#if defined(__GLIBC__)
#include <malloc.h>
size_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void heap_peak_tracking_start(void) {
    /* The heap then only grows: freed memory is never given back, so its size is its peak. */
    mallopt(M_TRIM_THRESHOLD, -1);
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
}

size_t heap_peak_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.arena + info.hblkhd;
}
#elif defined(__APPLE__)
#include <malloc/malloc.h>
size_t heap_bytes_in_use(void) {
    malloc_statistics_t stats;
    malloc_zone_statistics(NULL, &stats);
    return stats.size_in_use;
}

void heap_peak_tracking_start(void) {}

size_t heap_peak_bytes(void) {
    malloc_statistics_t stats;
    malloc_zone_statistics(NULL, &stats);
    return stats.max_size_in_use;
}
#else
size_t heap_bytes_in_use(void) { return 0; }
void heap_peak_tracking_start(void) {}
size_t heap_peak_bytes(void) { return 0; }
#endif

