/*
 * A ROS 2-style peer built on Eclipse Cyclone DDS, for the interoperability tests of sensor.io.dds.
 *
 *   cyclone_peer sub DOMAIN SECONDS OUTDIR TOPIC=TYPE[:best-effort] ...
 *     subscribes to each topic (TYPE: points or imu) for SECONDS from the first match (waiting at most 120 s for it)
 *     and prints one line per sample:
 *       <topic> <receive time, ns> <bytes> <crc32 of the serialized bytes> <stamp sec> <stamp nanosec> <frame id> <fields...>
 *     (points: width height point_step row_step data-bytes field-names; imu: angular velocity, linear acceleration);
 *     the first sample of each topic is also written whole to OUTDIR/<n>.bin (n: the topic's position).
 *     A line "matched <topic> <epoch ms>" says when the topic's first writer matched; a line "latency <topic> <ns>" per
 *     sample gives its receive time less the writer's source timestamp (both this machine's clock).
 *   cyclone_peer pub DOMAIN SECONDS TOPIC LINEAR_X ANGULAR_Z
 *     waits (at most 120 s) for a reader to match, then publishes a geometry_msgs/msg/Twist at 20 Hz for SECONDS
 *     (reliable) and prints "sent <n>".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dds/dds.h"
#include "dds/ddsi/ddsi_serdata.h"
#include "ros2.h"

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (int64_t) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint32_t crc32(const unsigned char *p, size_t n) {
  static uint32_t table[256];
  if (!table[1])
    for (uint32_t i = 0; i < 256; i++) {
      uint32_t c = i;
      for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
      table[i] = c;
    }
  uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return ~c;
}

#define MAX_TOPICS 8

static int sub(dds_entity_t pp, double seconds, const char *outdir, int n, char **specs) {
  dds_entity_t readers[MAX_TOPICS];
  int kinds[MAX_TOPICS], matched[MAX_TOPICS] = {0}, first[MAX_TOPICS] = {0};
  char names[MAX_TOPICS][256];
  int64_t start = now_ns();
  for (int i = 0; i < n && i < MAX_TOPICS; i++) {
    char spec[512];
    snprintf(spec, sizeof spec, "%s", specs[i]);
    char *eq = strchr(spec, '=');
    if (!eq) { fprintf(stderr, "bad topic spec %s\n", specs[i]); return 2; }
    *eq = 0;
    char *type = eq + 1, *colon = strchr(type, ':');
    int best = 0;
    if (colon) { *colon = 0; best = strcmp(colon + 1, "best-effort") == 0; }
    snprintf(names[i], sizeof names[i], "%s", spec);
    kinds[i] = strcmp(type, "imu") == 0;
    const dds_topic_descriptor_t *desc = kinds[i] ? &sensor_msgs_msg_dds__Imu__desc : &sensor_msgs_msg_dds__PointCloud2__desc;
    dds_entity_t topic = dds_create_topic(pp, desc, names[i], NULL, NULL);
    if (topic < 0) { fprintf(stderr, "topic %s: %s\n", names[i], dds_strretcode(-topic)); return 1; }
    dds_qos_t *q = dds_create_qos();
    dds_qset_reliability(q, best ? DDS_RELIABILITY_BEST_EFFORT : DDS_RELIABILITY_RELIABLE, DDS_MSECS(100));
    dds_qset_history(q, DDS_HISTORY_KEEP_LAST, 1000);
    readers[i] = dds_create_reader(pp, topic, q, NULL);
    dds_delete_qos(q);
    if (readers[i] < 0) { fprintf(stderr, "reader %s: %s\n", names[i], dds_strretcode(-readers[i])); return 1; }
  }
  int64_t t0 = 0;
  while (t0 ? now_ns() - t0 < (int64_t) (seconds * 1e9) : now_ns() - start < (int64_t) 120e9) {
    int any = 0;
    for (int i = 0; i < n; i++) {
      if (!matched[i]) {
        dds_subscription_matched_status_t st;
        if (dds_get_subscription_matched_status(readers[i], &st) == 0 && st.total_count > 0) {
          matched[i] = 1;
          if (!t0) t0 = now_ns();
          printf("matched %s %" PRId64 "\n", names[i], now_ns() / 1000000);
          dds_instance_handle_t ih[4]; /* the matched writer's user data, as its SEDP announcement carried it */
          dds_return_t nm = dds_get_matched_publications(readers[i], ih, 4);
          for (dds_return_t k = 0; k < nm && k < 4; k++) {
            dds_builtintopic_endpoint_t *ep = dds_get_matched_publication_data(readers[i], ih[k]);
            void *ud = NULL;
            size_t sz = 0;
            if (ep && dds_qget_userdata(ep->qos, &ud, &sz) && ud) printf("userdata %s %.*s\n", names[i], (int) sz, (char *) ud);
            dds_free(ud);
            if (ep) dds_builtintopic_free_endpoint(ep);
          }
        }
      }
      for (;;) {
      struct ddsi_serdata *sd = NULL;
      dds_sample_info_t info;
      int got = dds_takecdr(readers[i], &sd, 1, &info, DDS_ANY_STATE);
      if (got <= 0) break;
      any = 1;
      int64_t t = now_ns();
      if (!info.valid_data) { ddsi_serdata_unref(sd); continue; }
      printf("latency %s %" PRId64 "\n", names[i], t - info.source_timestamp);
      uint32_t size = ddsi_serdata_size(sd);
      unsigned char *bytes = malloc(size);
      ddsi_serdata_to_ser(sd, 0, size, bytes);
      if (!first[i]) {
        first[i] = 1;
        char path[1024];
        snprintf(path, sizeof path, "%s/%d.bin", outdir, i);
        FILE *f = fopen(path, "wb");
        if (f) { fwrite(bytes, 1, size, f); fclose(f); }
      }
      printf("%s %" PRId64 " %u %08x", names[i], t, size, crc32(bytes, size));
      if (kinds[i]) {
        sensor_msgs_msg_dds__Imu_ m;
        memset(&m, 0, sizeof m);
        if (!ddsi_serdata_to_sample(sd, &m, NULL, NULL)) { printf(" undecodable\n"); free(bytes); ddsi_serdata_unref(sd); continue; }
        printf(" %d %u %s %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", m.header_.stamp_.sec_,
               m.header_.stamp_.nanosec_, m.header_.frame_id_, m.orientation_.w_, m.orientation_.x_,
               m.orientation_.y_, m.orientation_.z_, m.angular_velocity_.x_, m.angular_velocity_.y_,
               m.angular_velocity_.z_, m.linear_acceleration_.x_, m.linear_acceleration_.y_, m.linear_acceleration_.z_);
        sensor_msgs_msg_dds__Imu__free(&m, DDS_FREE_CONTENTS);
      } else {
        sensor_msgs_msg_dds__PointCloud2_ m;
        memset(&m, 0, sizeof m);
        if (!ddsi_serdata_to_sample(sd, &m, NULL, NULL)) { printf(" undecodable\n"); free(bytes); ddsi_serdata_unref(sd); continue; }
        printf(" %d %u %s %u %u %u %u %u %u %d", m.header_.stamp_.sec_, m.header_.stamp_.nanosec_, m.header_.frame_id_,
               m.width_, m.height_, m.point_step_, m.row_step_, m.data_._length, m.fields_._length, m.is_dense_);
        for (uint32_t k = 0; k < m.fields_._length; k++)
          printf(" %s:%u:%u:%u", m.fields_._buffer[k].name_, m.fields_._buffer[k].offset_,
                 m.fields_._buffer[k].datatype_, m.fields_._buffer[k].count_);
        printf("\n");
        sensor_msgs_msg_dds__PointCloud2__free(&m, DDS_FREE_CONTENTS);
      }
      free(bytes);
      ddsi_serdata_unref(sd);
      }
    }
    fflush(stdout);
    if (!any) dds_sleepfor(DDS_MSECS(1));
  }
  return 0;
}

static int pub(dds_entity_t pp, double seconds, const char *name, double vx, double wz) {
  dds_entity_t topic = dds_create_topic(pp, &geometry_msgs_msg_dds__Twist__desc, name, NULL, NULL);
  dds_qos_t *q = dds_create_qos();
  dds_qset_reliability(q, DDS_RELIABILITY_RELIABLE, DDS_MSECS(100));
  dds_entity_t w = dds_create_writer(pp, topic, q, NULL);
  dds_delete_qos(q);
  if (w < 0) { fprintf(stderr, "writer %s: %s\n", name, dds_strretcode(-w)); return 1; }
  int64_t start = now_ns();
  dds_publication_matched_status_t st = {0};
  while (now_ns() - start < (int64_t) 120e9 && (dds_get_publication_matched_status(w, &st) != 0 || st.total_count == 0))
    dds_sleepfor(DDS_MSECS(10));
  start = now_ns();
  int sent = 0;
  while (now_ns() - start < (int64_t) (seconds * 1e9)) {
    geometry_msgs_msg_dds__Twist_ m = {{vx, 0, 0}, {0, 0, wz}};
    if (dds_write(w, &m) == 0) sent++;
    dds_sleepfor(DDS_MSECS(50));
  }
  printf("sent %d\n", sent);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: cyclone_peer sub DOMAIN SECONDS OUTDIR TOPIC=TYPE... | pub DOMAIN SECONDS TOPIC VX WZ\n");
    return 2;
  }
  dds_entity_t pp = dds_create_participant((dds_domainid_t) atoi(argv[2]), NULL, NULL);
  if (pp < 0) { fprintf(stderr, "participant: %s\n", dds_strretcode(-pp)); return 1; }
  int rc = strcmp(argv[1], "pub") == 0 && argc >= 7 ? pub(pp, atof(argv[3]), argv[4], atof(argv[5]), atof(argv[6]))
                                                     : sub(pp, atof(argv[3]), argv[4], argc - 5, argv + 5);
  dds_delete(pp);
  return rc;
}
