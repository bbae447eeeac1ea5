#include "CRichPreviewHTTP.h"
#include "http_functions.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

/* The most form fields a body may carry; past it the form is invalid. */
#define CRP_HTTP_MAX_FIELDS 16
/* The most headers or query arguments kept per request. */
#define CRP_HTTP_MAX_PAIRS 64

/* The library's functions, set by the first crp_http_start; every other call comes after one. */
static const crp_http_functions *api;

struct crp_http_server {
    struct MHD_Daemon *daemon;
    crp_http_admit admit;
    crp_http_handler handler;
    void *context;
    uint16_t port;
    /* Requests begun and not yet completed (their answer sent, or their connection closed). */
    unsigned open_requests;
    char message[512];
};

typedef struct {
    char *key;
    char *value;
} crp_pair;

typedef struct {
    char *name;
    char *filename;
    char *content_type;
    uint8_t *data;
    size_t size;
} crp_field;

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} crp_buffer;

struct crp_http_request {
    pthread_mutex_t lock;
    int references;
    struct MHD_Connection *connection;
    crp_http_server *server;
    char *method;
    char *path;
    char client[INET6_ADDRSTRLEN];
    crp_pair headers[CRP_HTTP_MAX_PAIRS];
    size_t header_count;
    crp_pair arguments[CRP_HTTP_MAX_PAIRS];
    size_t argument_count;
    crp_buffer body;
    size_t limit;
    uint64_t received;
    int too_large;
    int refused_early;
    struct MHD_PostProcessor *form;
    int form_invalid;
    crp_field fields[CRP_HTTP_MAX_FIELDS];
    size_t field_count;
    int dispatched;
    int suspended;
    int answered;
    int completed;
    struct MHD_Response *response;
    unsigned status;
};

static char *copy_text(const char *text) { return text ? strdup(text) : NULL; }

/* Appends `size` bytes, doubling the capacity up to `limit`; 0 when memory runs out. */
static int buffer_append(crp_buffer *buffer, const void *data, size_t size) {
    if (size == 0) return 1;
    if (buffer->size + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->size + size) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, size);
    buffer->size += size;
    return 1;
}

static void buffer_free(crp_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

static void free_fields(crp_http_request *request) {
    for (size_t i = 0; i < request->field_count; i++) {
        free(request->fields[i].name);
        free(request->fields[i].filename);
        free(request->fields[i].content_type);
        free(request->fields[i].data);
    }
    request->field_count = 0;
}

void crp_http_request_retain(crp_http_request *request) {
    pthread_mutex_lock(&request->lock);
    request->references++;
    pthread_mutex_unlock(&request->lock);
}

void crp_http_request_release(crp_http_request *request) {
    pthread_mutex_lock(&request->lock);
    int left = --request->references;
    pthread_mutex_unlock(&request->lock);
    if (left > 0) return;
    if (request->response) api->MHD_destroy_response(request->response);
    free(request->method);
    free(request->path);
    for (size_t i = 0; i < request->header_count; i++) {
        free(request->headers[i].key);
        free(request->headers[i].value);
    }
    for (size_t i = 0; i < request->argument_count; i++) {
        free(request->arguments[i].key);
        free(request->arguments[i].value);
    }
    buffer_free(&request->body);
    free_fields(request);
    pthread_mutex_destroy(&request->lock);
    free(request);
}

static enum MHD_Result keep_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    crp_http_request *request = cls;
    if (request->header_count == CRP_HTTP_MAX_PAIRS) return MHD_NO;
    request->headers[request->header_count].key = copy_text(key);
    request->headers[request->header_count].value = copy_text(value ? value : "");
    request->header_count++;
    return MHD_YES;
}

static enum MHD_Result keep_argument(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    crp_http_request *request = cls;
    if (request->argument_count == CRP_HTTP_MAX_PAIRS) return MHD_NO;
    request->arguments[request->argument_count].key = copy_text(key);
    request->arguments[request->argument_count].value = copy_text(value);
    request->argument_count++;
    return MHD_YES;
}

/* Only multipart/form-data is split into fields: any other body, whatever its declared type, is
   kept whole (curl declares application/x-www-form-urlencoded for --data-binary). */
/* libmicrohttpd's form parser hands each field's bytes in pieces: a piece at offset 0 starts a
   field, the others continue the last one. */
static enum MHD_Result keep_field(void *cls, enum MHD_ValueKind kind, const char *key, const char *filename,
                                  const char *content_type, const char *transfer_encoding, const char *data,
                                  uint64_t offset, size_t size) {
    (void)kind;
    (void)transfer_encoding;
    crp_http_request *request = cls;
    crp_field *field = request->field_count ? &request->fields[request->field_count - 1] : NULL;
    if (offset == 0 || !field || !field->name || strcmp(field->name, key ? key : "") != 0) {
        if (request->field_count == CRP_HTTP_MAX_FIELDS) {
            request->form_invalid = 1;
            return MHD_NO;
        }
        field = &request->fields[request->field_count++];
        memset(field, 0, sizeof(*field));
        field->name = copy_text(key ? key : "");
        field->filename = copy_text(filename);
        field->content_type = copy_text(content_type);
    }
    if (size == 0) return MHD_YES;
    uint8_t *grown = realloc(field->data, field->size + size);
    if (!grown) {
        request->form_invalid = 1;
        return MHD_NO;
    }
    memcpy(grown + field->size, data, size);
    field->data = grown;
    field->size += size;
    return MHD_YES;
}

static int is_form(const char *type) {
    if (!type) return 0;
    return strncasecmp(type, MHD_HTTP_POST_ENCODING_MULTIPART_FORMDATA,
                       strlen(MHD_HTTP_POST_ENCODING_MULTIPART_FORMDATA)) == 0;
}

static crp_http_request *request_create(crp_http_server *server, struct MHD_Connection *connection,
                                        const char *url, const char *method) {
    crp_http_request *request = calloc(1, sizeof(*request));
    if (!request) return NULL;
    pthread_mutex_init(&request->lock, NULL);
    request->references = 1;
    request->connection = connection;
    request->server = server;
    request->method = copy_text(method);
    request->path = copy_text(url);
    if (!request->method || !request->path) {
        crp_http_request_release(request);
        return NULL;
    }
    const union MHD_ConnectionInfo *info = api->MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info && info->client_addr) {
        const struct sockaddr *address = info->client_addr;
        if (address->sa_family == AF_INET)
            inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, request->client,
                      sizeof(request->client));
        else if (address->sa_family == AF_INET6)
            inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, request->client,
                      sizeof(request->client));
    }
    api->MHD_get_connection_values(connection, MHD_HEADER_KIND, keep_header, request);
    api->MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, keep_argument, request);
    request->refused_early = server->admit(server->context, request->method, request->path, &request->limit) != 0;
    const char *length = crp_http_request_header(request, MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (length && !request->refused_early) {
        char *end = NULL;
        unsigned long long announced = strtoull(length, &end, 10);
        if (end != length && announced > request->limit) {
            request->too_large = 1;
            request->received = announced;
        }
    }
    if (!request->too_large && !request->refused_early && strcmp(method, MHD_HTTP_METHOD_POST) == 0 &&
        is_form(crp_http_request_header(request, MHD_HTTP_HEADER_CONTENT_TYPE))) {
        request->form = api->MHD_create_post_processor(connection, 64 * 1024, keep_field, request);
        if (!request->form) request->form_invalid = 1;
    }
    return request;
}

/* Queues the stored response, if any; called on the polling thread with the lock held. */
static enum MHD_Result queue_stored(crp_http_request *request, int *queued) {
    *queued = 0;
    if (!request->response) return MHD_YES;
    struct MHD_Response *response = request->response;
    request->response = NULL;
    enum MHD_Result result = api->MHD_queue_response(request->connection, request->status, response);
    api->MHD_destroy_response(response);
    *queued = 1;
    return result;
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **state) {
    (void)version;
    crp_http_server *server = cls;
    crp_http_request *request = *state;
    if (!request) {
        request = request_create(server, connection, url, method);
        if (!request) return MHD_NO;
        __atomic_add_fetch(&server->open_requests, 1, __ATOMIC_SEQ_CST);
        *state = request;
        if (!request->too_large && !request->refused_early) return MHD_YES;
        /* Refused by `admit` or from its Content-Length: answered before a byte of the body is read. */
    } else if (*upload_data_size > 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        request->received += size;
        if (request->too_large || request->refused_early) return MHD_YES;
        if (request->received > request->limit) {
            request->too_large = 1;
            buffer_free(&request->body);
            free_fields(request);
            return MHD_YES;
        }
        if (request->form) {
            if (api->MHD_post_process(request->form, upload_data, size) != MHD_YES) request->form_invalid = 1;
        } else if (!buffer_append(&request->body, upload_data, size)) {
            /* Out of memory: the connection is closed. */
            return MHD_NO;
        }
        return MHD_YES;
    }
    if (request->form) {
        if (api->MHD_destroy_post_processor(request->form) != MHD_YES) request->form_invalid = 1;
        request->form = NULL;
    }
    pthread_mutex_lock(&request->lock);
    if (!request->dispatched) {
        request->dispatched = 1;
        pthread_mutex_unlock(&request->lock);
        server->handler(server->context, request);
        pthread_mutex_lock(&request->lock);
    }
    int queued = 0;
    enum MHD_Result result = queue_stored(request, &queued);
    if (!queued && !request->suspended) {
        request->suspended = 1;
        api->MHD_suspend_connection(connection);
    }
    pthread_mutex_unlock(&request->lock);
    return result;
}

static void request_completed(void *cls, struct MHD_Connection *connection, void **state,
                              enum MHD_RequestTerminationCode code) {
    crp_http_server *server = cls;
    (void)connection;
    (void)code;
    crp_http_request *request = *state;
    if (!request) return;
    *state = NULL;
    __atomic_sub_fetch(&server->open_requests, 1, __ATOMIC_SEQ_CST);
    if (request->form) {
        api->MHD_destroy_post_processor(request->form);
        request->form = NULL;
    }
    pthread_mutex_lock(&request->lock);
    request->completed = 1;
    pthread_mutex_unlock(&request->lock);
    crp_http_request_release(request);
}

static void keep_message(void *cls, const char *format, va_list arguments) {
    crp_http_server *server = cls;
    vsnprintf(server->message, sizeof(server->message), format, arguments);
    size_t length = strlen(server->message);
    while (length > 0 && (server->message[length - 1] == '\n' || server->message[length - 1] == '\r'))
        server->message[--length] = 0;
}

crp_http_server *crp_http_start(const crp_http_config *config, char *error, size_t error_size) {
    crp_library_report report;
    const crp_http_functions *loaded = crp_http_functions_load(&report);
    if (!loaded) {
        snprintf(error, error_size, "%s (Debian package %s) cannot be loaded: %s", report.library, report.package,
                 report.reason);
        return NULL;
    }
    api = loaded;
    crp_http_server *server = calloc(1, sizeof(*server));
    if (!server) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    server->admit = config->admit;
    server->handler = config->handler;
    server->context = config->context;
    struct sockaddr_storage address;
    memset(&address, 0, sizeof(address));
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    if (inet_pton(AF_INET, config->host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(config->port);
    } else if (inet_pton(AF_INET6, config->host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(config->port);
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(error, error_size, "'%s' is not a numeric IPv4 or IPv6 address", config->host);
        free(server);
        return NULL;
    }
    server->daemon = api->MHD_start_daemon(
        flags, config->port, NULL, NULL, access_handler, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout, MHD_OPTION_CONNECTION_LIMIT,
        config->connection_limit, MHD_OPTION_NOTIFY_COMPLETED, request_completed, server,
        MHD_OPTION_EXTERNAL_LOGGER, keep_message, server, MHD_OPTION_END);
    if (!server->daemon) {
        snprintf(error, error_size, "cannot listen on %s port %u: %s", config->host, (unsigned)config->port,
                 server->message[0] ? server->message : "libmicrohttpd did not start");
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = api->MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info ? info->port : config->port;
    return server;
}

uint16_t crp_http_port(const crp_http_server *server) { return server->port; }

unsigned crp_http_open_requests(crp_http_server *server) {
    return __atomic_load_n(&server->open_requests, __ATOMIC_SEQ_CST);
}

void crp_http_stop_accepting(crp_http_server *server) {
    MHD_socket socket = api->MHD_quiesce_daemon(server->daemon);
    if (socket != MHD_INVALID_SOCKET) close(socket);
}

void crp_http_stop(crp_http_server *server) {
    api->MHD_stop_daemon(server->daemon);
    free(server);
}

const char *crp_http_request_method(const crp_http_request *request) { return request->method; }
const char *crp_http_request_path(const crp_http_request *request) { return request->path; }
const char *crp_http_request_client(const crp_http_request *request) { return request->client; }

const char *crp_http_request_header(const crp_http_request *request, const char *name) {
    for (size_t i = 0; i < request->header_count; i++)
        if (request->headers[i].key && strcasecmp(request->headers[i].key, name) == 0) return request->headers[i].value;
    return NULL;
}

const uint8_t *crp_http_request_body(const crp_http_request *request, size_t *size) {
    *size = request->body.size;
    return request->body.data;
}

uint64_t crp_http_request_body_received(const crp_http_request *request) { return request->received; }
int crp_http_request_body_too_large(const crp_http_request *request) { return request->too_large; }
int crp_http_request_refused_early(const crp_http_request *request) { return request->refused_early; }
int crp_http_request_form_invalid(const crp_http_request *request) { return request->form_invalid; }

size_t crp_http_request_argument_count(const crp_http_request *request) { return request->argument_count; }

void crp_http_request_argument(const crp_http_request *request, size_t index, const char **key, const char **value) {
    *key = request->arguments[index].key;
    *value = request->arguments[index].value;
}

size_t crp_http_request_field_count(const crp_http_request *request) { return request->field_count; }

void crp_http_request_field(const crp_http_request *request, size_t index, const char **name, const char **filename,
                            const char **content_type, const uint8_t **data, size_t *size) {
    const crp_field *field = &request->fields[index];
    *name = field->name;
    *filename = field->filename;
    *content_type = field->content_type;
    *data = field->data;
    *size = field->size;
}

int crp_http_respond(crp_http_request *request, unsigned status, const char *const *header_names,
                     const char *const *header_values, size_t header_count, const uint8_t *body, size_t size) {
    pthread_mutex_lock(&request->lock);
    if (request->answered || request->completed) {
        pthread_mutex_unlock(&request->lock);
        return 0;
    }
    request->answered = 1;
    struct MHD_Response *response =
        api->MHD_create_response_from_buffer(size, (void *)(size ? body : (const uint8_t *)""), MHD_RESPMEM_MUST_COPY);
    if (!response) {
        /* Out of memory: an empty 500 has no body to copy. */
        response = api->MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
        status = MHD_HTTP_INTERNAL_SERVER_ERROR;
        header_count = 0;
    }
    for (size_t i = 0; response && i < header_count; i++) api->MHD_add_response_header(response, header_names[i], header_values[i]);
    request->response = response;
    request->status = status;
    if (request->suspended) {
        request->suspended = 0;
        api->MHD_resume_connection(request->connection);
    }
    pthread_mutex_unlock(&request->lock);
    return 1;
}
