#ifndef HARK_CMICROHTTPD_SHIM_H
#define HARK_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// The access handler as Swift sees it.
typedef enum MHD_Result (*hark_mhd_handler)(void *cls, struct MHD_Connection *connection, const char *url,
    const char *method, const char *version, const char *upload_data, size_t *upload_data_size, void **con_cls);

/// Decodes a request's path and query as libmicrohttpd would ("%41" is "A"), but keeps "%2F", "%25"
/// and "%00" as written: a path segment may then hold a "/" (a playlist "AC/DC", an identifier) that
/// the router finds in one piece, and decodes with the others once the path is cut into segments.
static inline size_t hark_mhd_unescape(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls; (void)connection;
    char *out = text;
    const char *in = text;
    while (*in) {
        int high = -1, low = -1;
        if (in[0] == '%' && in[1] && in[2]) {
            char h = in[1], l = in[2];
            high = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
            low = l >= '0' && l <= '9' ? l - '0' : l >= 'a' && l <= 'f' ? l - 'a' + 10 : l >= 'A' && l <= 'F' ? l - 'A' + 10 : -1;
        }
        int value = high >= 0 && low >= 0 ? high * 16 + low : -1;
        if (value > 0 && value != '/' && value != '%') {
            *out++ = (char)value;
            in += 3;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
    return (size_t)(out - text);
}

/// MHD_start_daemon is variadic, which Swift cannot call: this starts a daemon on one IPv4 address
/// with a pool of `threads` polling threads, idle connections closed after `timeout` seconds, at most
/// `connection_limit` connections and `per_client_limit` from one address, and `completed` told when
/// each request ends (to free its state). NULL when the address is not IPv4
/// or the port cannot be bound. Connections may be suspended (long-lived event streams).
static inline struct MHD_Daemon *hark_mhd_start(const char *host, uint16_t port, unsigned int threads,
    unsigned int timeout, unsigned int connection_limit, unsigned int per_client_limit, hark_mhd_handler handler,
    void *cls, MHD_RequestCompletedCallback completed) {
    static struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) return NULL;
    return MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME, port, NULL, NULL,
        (MHD_AccessHandlerCallback)handler, cls,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_client_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
        MHD_OPTION_UNESCAPE_CALLBACK, hark_mhd_unescape, NULL,
        MHD_OPTION_END);
}

/// The client's IPv4 address as text into `out` (at least 16 bytes); 0 when it has none.
static inline int hark_mhd_client_address(struct MHD_Connection *connection, char *out, size_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr || info->client_addr->sa_family != AF_INET) return 0;
    return inet_ntop(AF_INET, &((const struct sockaddr_in *)info->client_addr)->sin_addr, out, (socklen_t)size) != NULL;
}

/// The port a daemon listens on (the one chosen when 0 was asked for).
static inline uint16_t hark_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
#endif
