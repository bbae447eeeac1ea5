# richpreview serve: the build on the Swift toolchain's Debian 12 image, the service on Debian 12
# slim with the runtime libraries only. Build and run:
#   docker build -t richpreview .
#   docker run --rm -p 8080:8080 richpreview
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
WORKDIR /src
COPY Scripts/debian-packages.txt Scripts/
RUN apt-get update -q \
 && xargs -a Scripts/debian-packages.txt apt-get install -y -q --no-install-recommends \
 && rm -rf /var/lib/apt/lists/*
COPY . .
# As Scripts/setup.sh builds it: release, the Swift standard library linked in.
RUN swift build -c release --product richpreview --static-swift-stdlib \
 && install -D "$(swift build -c release --show-bin-path)/richpreview" /out/richpreview

FROM debian:bookworm-slim
# The codecs the binary links (libpng, libjpeg-turbo, giflib, zlib, libdeflate), those it loads on
# first use (ISA-L, FreeType, HarfBuzz, FriBidi, ICU, libwebp, libheif, Little CMS, FFmpeg, libmicrohttpd) and
# the fonts render draws with. No compiler, no headers.
RUN apt-get update -q \
 && apt-get install -y -q --no-install-recommends \
      libpng16-16 libjpeg62-turbo libgif7 zlib1g libdeflate0 libisal2 \
      libfreetype6 libharfbuzz0b libfribidi0 libicu72 libwebp7 libwebpdemux2 libheif1 liblcms2-2 \
      libavformat59 libavcodec59 libswscale6 libavutil57 libmicrohttpd12 \
      fonts-inter fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-dejavu-core \
      fonts-material-design-icons-iconfont \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --no-create-home --shell /usr/sbin/nologin richpreview
COPY --from=build /out/richpreview /usr/local/bin/richpreview
USER richpreview
# In a container the service listens on every address; the defaults otherwise stay those of
# `richpreview serve` (127.0.0.1 outside a container).
ENV RICHPREVIEW_HOST=0.0.0.0 \
    RICHPREVIEW_PORT=8080 \
    RICHPREVIEW_WORKERS=2 \
    RICHPREVIEW_QUEUE=8 \
    RICHPREVIEW_GRACE=20
EXPOSE 8080
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/richpreview", "serve"]
