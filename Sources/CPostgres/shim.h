#ifndef HARK_CPOSTGRES_SHIM_H
#define HARK_CPOSTGRES_SHIM_H
// PostgreSQL's client library (Debian's libpq-dev), for state shared by many `hark serve` replicas.
#include <libpq-fe.h>
#endif
