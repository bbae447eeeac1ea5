#ifndef CRICHPREVIEWHTTP_H
#define CRICHPREVIEWHTTP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An HTTP/1.1 server on libmicrohttpd: one polling thread reads every connection (epoll where
/// the system has it), so a slow client holds a socket and a little memory, never a thread. A
/// request is handed over once its body is whole; the body is held in memory up to the limit the
/// `body_limit` callback gives for its method and path, and a body over it is answered 413 here
/// without being kept. `multipart/form-data` bodies are also split into their fields by
/// libmicrohttpd's form parser.
typedef struct crp_http_server crp_http_server;

/// One request: its method, path, headers, query arguments, body and form fields. Counted:
/// libmicrohttpd holds one reference until the connection has finished with it, and the handler's
/// side takes one with `crp_http_request_retain` for as long as it keeps the pointer.
typedef struct crp_http_request crp_http_request;

/// Called once a request's headers are read, before any of its body: sets `*limit`, the bytes its
/// body may have (0 takes none), and returns 0 to read the body, or non-zero to refuse the request
/// now (the handler is then called at once, `crp_http_request_refused_early` set, and must answer
/// it there; the body is never read).
typedef int (*crp_http_admit)(void *context, const char *method, const char *path, size_t *limit);

/// A request with its whole body (or one refused as too large, `crp_http_request_body_too_large`,
/// or by `admit`, `crp_http_request_refused_early`), on the polling thread: answer it at once with `crp_http_respond`, or retain it and answer it
/// later from any thread. The callback must not block.
typedef void (*crp_http_handler)(void *context, crp_http_request *request);

/// How the server is started.
typedef struct {
    /// A numeric IPv4 or IPv6 address to bind to.
    const char *host;
    /// The port; 0 takes a free one (`crp_http_port` tells which).
    uint16_t port;
    /// Seconds a connection may stay idle (no byte received or sent) before it is closed.
    unsigned connection_timeout;
    /// The most connections open at once; past it new ones are refused.
    unsigned connection_limit;
    crp_http_admit admit;
    crp_http_handler handler;
    void *context;
} crp_http_config;

/// Starts listening and serving; NULL with a message in `error` (at most `error_size` bytes with
/// its terminating zero) when the address cannot be bound or the daemon cannot start.
crp_http_server *crp_http_start(const crp_http_config *config, char *error, size_t error_size);
/// The port the server listens on.
uint16_t crp_http_port(const crp_http_server *server);
/// Requests begun and not yet completed: their answer not yet sent, or their body still coming.
unsigned crp_http_open_requests(crp_http_server *server);
/// Stops accepting connections (the listening socket is closed); those open go on.
void crp_http_stop_accepting(crp_http_server *server);
/// Stops the server: closes every connection and joins its thread. Every retained request must
/// have been answered first.
void crp_http_stop(crp_http_server *server);

void crp_http_request_retain(crp_http_request *request);
void crp_http_request_release(crp_http_request *request);

const char *crp_http_request_method(const crp_http_request *request);
/// The path without the query string.
const char *crp_http_request_path(const crp_http_request *request);
/// The client's address as text (`127.0.0.1`).
const char *crp_http_request_client(const crp_http_request *request);
/// The value of a request header (case-insensitive name); NULL when absent.
const char *crp_http_request_header(const crp_http_request *request, const char *name);
/// The body; its size in `*size`. Empty for a form body, which is in the fields.
const uint8_t *crp_http_request_body(const crp_http_request *request, size_t *size);
/// The bytes the client sent (or announced, for a body refused from its Content-Length).
uint64_t crp_http_request_body_received(const crp_http_request *request);
/// 1 when the body was over its limit (the request is then answered 413 by the handler).
int crp_http_request_body_too_large(const crp_http_request *request);
/// 1 when `admit` refused the request before its body was read.
int crp_http_request_refused_early(const crp_http_request *request);
/// 1 when the `multipart/form-data` body could not be parsed.
int crp_http_request_form_invalid(const crp_http_request *request);

/// The query arguments in order: count, and each key and value (the value NULL for `?key`).
size_t crp_http_request_argument_count(const crp_http_request *request);
void crp_http_request_argument(const crp_http_request *request, size_t index, const char **key, const char **value);

/// The fields of a `multipart/form-data` body: count, and each name, file name
/// (NULL when none), content type (NULL when none) and bytes.
size_t crp_http_request_field_count(const crp_http_request *request);
void crp_http_request_field(const crp_http_request *request, size_t index, const char **name, const char **filename,
                            const char **content_type, const uint8_t **data, size_t *size);

/// Answers the request once (later calls do nothing and return 0): `status`, `header_count`
/// headers (names and values), the body copied. From the handler or from any thread after it;
/// a request whose connection has gone is dropped. Returns 1 when this call answered it.
int crp_http_respond(crp_http_request *request, unsigned status, const char *const *header_names,
                     const char *const *header_values, size_t header_count, const uint8_t *body, size_t size);

#ifdef __cplusplus
}
#endif

#endif
