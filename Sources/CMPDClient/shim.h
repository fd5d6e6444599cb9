#ifndef HARK_CMPDCLIENT_SHIM_H
#define HARK_CMPDCLIENT_SHIM_H
// libmpdclient (Debian's libmpdclient-dev): the Music Player Daemon protocol.
#include <mpd/client.h>
#endif
