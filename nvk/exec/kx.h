/* SPDX-License-Identifier: MIT */
/*
 * Against CONTRACT.md (2026-11-26), the launch interface below adds, and
 * deviates in:
 *  - struct kx_strip's memory fields are spelled out (cbufs, translate,
 *    translate_data, deadline_ns, faulted, fault) and vertex_index /
 *    instance_index are the SPIR-V VertexIndex / InstanceIndex values
 *    (vertex offset or first vertex, base instance included);
 *  - helpers: KX_IO_INDEX (the SoA index), KX_FS_DUAL_SOURCE_SLOT,
 *    KX_FS_OUTPUT_SLOTS, KX_MAX_VERTEX_ATTRIBS, enum kx_interp (the
 *    per-input interpolation, kx_program_info.interp[slot]);
 *  - PointCoord has no slot in the contract: struct kx_strip gains
 *    point_coord (per lane, like frag_coord) and kx_program_info
 *    reads_point_coord; interpolateAtCentroid/AtSample read the input as
 *    declared, interpolateAtOffset extrapolates with fine derivatives;
 *  - struct kx_strip gains view_index (multiview's ViewIndex, per strip);
 *  - struct kx_backend gains exec_create/exec_strip/exec_destroy/exec_reset
 *    and there is kx_exec_reset (kx_exec_strip says when to call it).
 *
 * kx: the reference backend of the CPU device. It translates a finalized IR
 * shader once into a compact linear program (kx_program) and executes that
 * program over SIMD lanes.
 *
 * == Execution model ==
 * A *strip* is KX_W invocations executed together: every instruction of the
 * program runs over all KX_W lanes with a plain loop the C compiler
 * vectorizes. Control flow is structured and runs by lane masks: an `exec`
 * mask says which lanes are active; ifs, loops, breaks and continues push,
 * pop and edit masks (never per-lane jumps). ALU results are computed for
 * every lane; only writes that must not clobber other lanes' values are
 * masked (phi copies, values that leave a loop), and memory accesses,
 * atomics and subgroup operations look at the mask, so an inactive lane
 * never touches memory.
 *
 * A strip is also a subgroup: the subgroup size is KX_W, and the subgroup
 * operations work across the strip's lanes.
 *
 * A workgroup is ceil(size / KX_W) strips. When the shader has a control
 * barrier, the strips of a workgroup take turns: each runs until it reaches
 * the barrier (it yields, keeping its pc and mask stack) and the barrier
 * completes when every strip has arrived. SPIR-V requires control barriers
 * in uniform control flow (workgroup-uniform for workgroup scope), so every
 * strip reaches the same barrier; a shader breaking that rule gets
 * undefined results but nothing worse. Without barriers and subgroup
 * operations, invocations are independent and strips pack invocations of
 * consecutive workgroups back to back (small workgroups waste no lanes).
 *
 * Workgroups are spread over the caller's worker threads (kx_dispatch):
 * each thread owns register files (kept for the next dispatch of the same
 * program) and takes chunks of workgroups from an atomic counter. Shared
 * memory is per workgroup; atomics are real host atomics.
 *
 * Vertex and fragment shaders run strip by strip on the caller's workers
 * (kx_exec_strip, "Launching strips" below): a vertex strip is up to KX_W
 * vertices, a fragment strip 16 2x2 quads whose helper lanes run without
 * writing memory (stores use the exec mask minus helpers).
 *
 * == Memory ==
 * Device memory is reached by 64-bit device addresses, translated through
 * the caller's MMU callback (with a small per-thread cache of the last
 * range). An address the MMU refuses is a fault: the dispatch stops and
 * reports it; the device is then lost. Addresses below KX_NULL_PAGE_SIZE_B
 * are the null page: loads read zero and stores vanish (what robust buffer
 * access lowers out-of-bounds accesses to).
 *
 * Constant buffers (load_ubo with a constant index) are host memory the
 * caller provides per dispatch (root table, descriptor sets).
 */
#ifndef KX_H
#define KX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct nir_shader nir_shader;
struct strbuf;

/* Lanes per strip = the subgroup size (32 or 64; overridable to measure:
 * 64 measured faster, docs/performance.md). */
#ifndef KX_W
#define KX_W 64
#endif
#define KX_SUBGROUP_SIZE KX_W

#define KX_MAX_CBUFS 16
#define KX_NULL_PAGE_SIZE_B 4096u

/* Largest workgroup the executor runs. */
#define KX_MAX_WORKGROUP_INVOCATIONS 1024

struct kx_program;

/* --- stage I/O (vertex and fragment shaders; see "Launching strips") ---------------- */

/* vec4 slots (4 x 32-bit components each): one numbering for vertex shader
 * outputs, the rasterizer's vertices and fragment shader inputs. */
enum kx_slot {
   KX_SLOT_POS = 0,        /* gl_Position (clip space) */
   KX_SLOT_PSIZ = 1,       /* .x = PointSize */
   KX_SLOT_CLIP_DIST0 = 2, /* ClipDistance[0..3] */
   KX_SLOT_CLIP_DIST1 = 3, /* ClipDistance[4..7] */
   KX_SLOT_CULL_DIST0 = 4,
   KX_SLOT_CULL_DIST1 = 5,
   KX_SLOT_LAYER_VP = 6, /* .x = Layer, .y = ViewportIndex, as uint32 bits */
   KX_SLOT_PRIM_ID = 7,  /* .x = PrimitiveId (uint bits), GS/FS later */
   KX_SLOT_VAR0 = 8,     /* user Location L (component c) -> slot KX_SLOT_VAR0 + L */
   KX_SLOT_COUNT = 8 + 32,
};
/* FS colour Location L -> output slot L; Index 1 (dual source) -> slot 8. */
#define KX_MAX_FS_OUTPUTS 8
#define KX_FS_DUAL_SOURCE_SLOT 8
#define KX_FS_OUTPUT_SLOTS 9
/* Vertex inputs: attribute Location L -> slot L. */
#define KX_MAX_VERTEX_ATTRIBS 32

/* Per-lane I/O arrays are SoA: component c of slot s of lane l is
 * io[KX_IO_INDEX(s, c, l)]. */
#define KX_IO_INDEX(slot, comp, lane) (((slot) * 4u + (comp)) * KX_W + (lane))

/* How the rasterizer fills a fragment shader input slot
 * (kx_program_info.interp[slot]): a kx_interp mode plus location bits. */
enum kx_interp {
   KX_INTERP_SMOOTH = 0, /* perspective-correct */
   KX_INTERP_FLAT = 1,   /* the provoking vertex's value, bits unchanged */
   KX_INTERP_NOPERSPECTIVE = 2,
   KX_INTERP_MODE_MASK = 3,
   KX_INTERP_CENTROID = 1 << 2, /* at the centroid of the covered samples */
   KX_INTERP_SAMPLE = 1 << 3,   /* at the sample (the shader runs per sample) */
};

/* Tessellation control and evaluation shaders: their execution modes
 * (either stage may declare the domain, spacing, winding and point mode;
 * the pipeline combines both) and the control shader's OutputVertices. The
 * stages' I/O goes through memory, not the strip's arrays
 * (nvk/compiler/nvk_tess_io.h). */
struct kx_tess_info {
   uint8_t primitive;   /* enum nir_prim: TRIANGLES, QUADS, ISOLINES; NONE */
   uint8_t spacing;     /* enum nir_tess_spacing; UNSPECIFIED */
   bool ccw, cw;        /* VertexOrderCcw / VertexOrderCw given */
   bool point_mode;
   uint8_t vertices_out; /* TCS: OutputVertices */
};

/* Transform feedback (VK_EXT_transform_feedback): one captured piece of an
 * output, in 32-bit words from (slot, comp) of the stage's outputs to
 * offset_B of a vertex's record in buffer `buffer`. 64-bit values are two
 * words, low first; a piece never crosses its slot's 4 components. */
struct kx_xfb_output {
   uint8_t buffer; /* 0..3 */
   uint8_t slot;   /* enum kx_slot */
   uint8_t comp;   /* first component */
   uint8_t words;  /* 1..4 */
   uint16_t offset_B;
   uint8_t stream; /* the vertex stream the output belongs to */
   uint8_t pad;
};
#define KX_MAX_XFB_OUTPUTS 64
#define KX_MAX_XFB_BUFFERS 4
#define KX_MAX_VERTEX_STREAMS 4

struct kx_xfb_info {
   uint8_t output_count; /* 0: the stage captures nothing */
   uint8_t buffers;      /* bit b: buffer b is written */
   uint16_t stride_B[KX_MAX_XFB_BUFFERS];
   struct kx_xfb_output outputs[KX_MAX_XFB_OUTPUTS];
};

/* Geometry shaders: how the driver lays out a strip's arrays
 * (kx_strip::in_slots/out_slots) and reads what the shader emitted.
 *   in:  input vertex v's slot s at slot v * KX_SLOT_COUNT + s; then one
 *        slot (KX_GS_IN_HEADER(vertices_in)) with .x = InvocationId;
 *   out: emitted vertex k's slot s at k * out_stride_slots + s, for k <
 *        max_vertices (one more record takes emits past the limit and is
 *        ignored); the last slot of a record (out_stride_slots - 1) holds
 *        .x = stream | KX_GS_VERTEX_STARTS_STRIP when the vertex starts a
 *        new strip on its stream (the first on a stream, or the first after
 *        EndStreamPrimitive); after the records, KX_GS_OUT_COUNT_SLOT(info)
 *        .x = the vertices the invocation emitted (<= max_vertices). */
struct kx_gs_info {
   uint8_t vertices_in;      /* 1, 2, 3, 4 (lines adjacency), 6 */
   uint8_t output_kind;      /* 0 points, 1 line strips, 2 triangle strips */
   uint8_t invocations;      /* >= 1 */
   uint8_t stream_mask;      /* streams EmitStreamVertex names */
   uint16_t max_vertices;    /* OutputVertices */
   uint16_t out_stride_slots; /* slots per emitted vertex record */
};
#define KX_GS_VERTEX_STARTS_STRIP 4u
#define KX_GS_IN_HEADER(vertices_in) ((vertices_in) * KX_SLOT_COUNT)
#define KX_GS_IN_SLOTS(vertices_in) (KX_GS_IN_HEADER(vertices_in) + 1)
#define KX_GS_OUT_COUNT_SLOT(gs) (((gs)->max_vertices + 1u) * (gs)->out_stride_slots)
#define KX_GS_OUT_SLOTS(gs) (KX_GS_OUT_COUNT_SLOT(gs) + 1u)

/* What a program needs from whoever runs it (the minimal side-band data). */
struct kx_program_info {
   uint16_t workgroup_size[3]; /* compute; 1 x 1 x 1 for other stages */
   uint32_t shared_size_B;
   /* Leading bytes of shared memory zeroed when a workgroup starts:
    * workgroup variables with a null initializer. */
   uint32_t shared_zero_size_B;
   uint32_t scratch_size_B; /* per invocation */
   bool uses_barrier;
   bool uses_subgroups; /* subgroup operations or subgroup system values */

   /* Vertex and fragment shaders. */
   uint8_t stage; /* nir_shader_stage */
   uint8_t clip_distance_count;
   uint8_t cull_distance_count;
   /* Slot bits: VS inputs: attribute locations; VS outputs, FS inputs:
    * enum kx_slot; FS outputs: colour output slots (bit 8: dual source). */
   uint64_t inputs_read;
   uint64_t outputs_written;
   uint16_t color_outputs; /* FS: = outputs_written */
   uint8_t interp[KX_SLOT_COUNT]; /* FS inputs: enum kx_interp per slot */
   bool writes_depth;
   bool writes_stencil;
   bool writes_sample_mask;
   /* Stores or atomics to buffers or images: the shader's side effects
    * forbid implicit early fragment tests. */
   bool writes_memory;
   bool uses_discard; /* terminate/discard or demote: kill_mask can be set */
   bool uses_demote;
   bool early_fragment_tests;
   bool uses_derivatives; /* derivatives or implicit-lod sampling: needs helpers */
   bool uses_sample_shading; /* per-sample inputs or SampleId/SamplePosition */
   bool reads_frag_coord;
   bool reads_helper_invocation;
   bool reads_point_coord;

   /* Tessellation control and evaluation shaders. */
   struct kx_tess_info tess;
   /* Geometry shaders (stage NIR_STAGE_GEOMETRY; kx_program_set_pre_raster). */
   struct kx_gs_info gs;
   /* Vertex, tessellation evaluation and geometry shaders: what transform
    * feedback captures (kx_program_set_pre_raster). */
   struct kx_xfb_info xfb;
};

/* Translates a finalized shader (see nvk/compiler: explicit I/O, descriptors
 * lowered) into a program. On failure returns NULL and, if `error` is not
 * NULL, a malloc'd message naming what is not supported. */
struct kx_program *kx_compile(nir_shader *shader, char **error);
void kx_program_destroy(struct kx_program *prog);
/* Records the pre-rasterization side-band data the compiler decided: what
 * transform feedback captures of the outputs (gathered from the variables
 * before I/O is lowered; NULL: nothing) and a geometry shader's record
 * layout (nvk_nir_lower_gs; NULL for other stages). */
void kx_program_set_pre_raster(struct kx_program *prog, const struct kx_gs_info *gs,
                               const struct kx_xfb_info *xfb);
const struct kx_program_info *kx_program_info(const struct kx_program *prog);

/* A readable listing of the program (tests, KILN_DEBUG=kx). */
void kx_program_print(const struct kx_program *prog, struct strbuf *sb);

/* Serialization for pipeline caches: the bytes depend only on the program
 * (no pointers). Deserialize checks everything it reads and returns NULL
 * for anything that is not a program this build wrote. */
bool kx_program_serialize(const struct kx_program *prog, struct strbuf *out);
struct kx_program *kx_program_deserialize(const void *data, size_t size_B);

/* --- running ------------------------------------------------------------------ */

/* The MMU. Returns the host pointer of device address `va` if
 * [va, va + size_B) is mapped, and the whole range around it that maps to
 * contiguous host memory ([*range_va, *range_end)), so the executor can
 * reuse the translation; NULL if unmapped (a fault). */
typedef void *(*kx_translate_fn)(void *data, uint64_t va, uint64_t size_B,
                                 uint64_t *range_va, uint64_t *range_end);
/* Runs fn(data, i) for every i in [0, count), possibly concurrently. */
typedef void (*kx_parallel_fn)(void *data, uint32_t index);
typedef void (*kx_parallel_for_fn)(void *pool, uint32_t count, kx_parallel_fn fn,
                                   void *data);

struct kx_cbuf {
   const void *data;
   uint32_t size_B;
};

/* Which kernels run the program: the best the CPU has, or a given one
 * (tests compare them; KILN_DEBUG=kx_base forces the baseline). */
enum kx_isa {
   KX_ISA_AUTO = 0,
   KX_ISA_BASE,
   KX_ISA_AVX2,
   /* The JIT's native code (kxj.h), compiled at the first dispatch if it
    * was not yet; the best interpreter kernels where it cannot compile. KX_ISA_AUTO picks the JIT's code by the
    * tier policy (kxj_tier.c). */
   KX_ISA_JIT,
};

/* Whether this build and CPU can run `isa`. */
bool kx_isa_supported(enum kx_isa isa);

struct kx_dispatch {
   const struct kx_program *prog;
   enum kx_isa isa;
   /* The workgroups to run: ids base + [0, count). */
   uint32_t base[3];
   uint32_t count[3];
   struct kx_cbuf cbufs[KX_MAX_CBUFS];

   kx_translate_fn translate;
   void *translate_data;

   /* The watchdog (util_time_ns clock; 0: none): a shader still looping
    * past it faults, as a GPU's timeout detection would stop it. */
   uint64_t deadline_ns;

   /* NULL: run everything on the calling thread. */
   kx_parallel_for_fn parallel_for;
   void *pool;
   unsigned thread_count;

   /* Results. */
   bool faulted;
   char fault[256];
   uint64_t invocations; /* compute shader invocations (pipeline statistics) */
};

/* Runs a dispatch; false if it faulted (d->fault says why) or could not
 * allocate its state (d->fault says so too). */
bool kx_dispatch_run(struct kx_dispatch *d);

/* --- launching strips (vertex and fragment shaders) -------------------------------- */

/*
 * A strip is up to KX_W invocations run together (a subgroup). Vertex
 * shaders: lane l is a vertex; lanes [0, lane_count) run. Fragment
 * shaders: 2x2 quads, quad q = lanes 4q..4q+3 in the order (x, y),
 * (x+1, y), (x, y+1), (x+1, y+1); live_mask says which lanes run (covered
 * fragments and helpers), helper_mask which of them are helpers: they run
 * so that derivatives (ddx/ddy fine: within the quad's row/column, coarse:
 * lanes 4q+1 - 4q and 4q+2 - 4q for the whole quad) and implicit-lod
 * sampling see their values, but they never write memory (stores, atomics,
 * image stores: the store mask is the exec mask minus helpers). Lanes a
 * shader terminates (discard, OpTerminateInvocation) stop; lanes it demotes
 * (OpDemoteToHelperInvocation) become helpers; both end up in kill_mask.
 *
 * Inputs and outputs are SoA (KX_IO_INDEX): `in` holds the vertex
 * attributes (slot = Location; the driver converted formats to 32-bit
 * float/int/uint bits; 64-bit attributes take two consecutive components,
 * low word first) or the fragment inputs interpolated as
 * kx_program_info.interp says (slot numbering enum kx_slot); `out` receives
 * the vertex outputs (enum kx_slot) or the colour outputs (KX_FS_OUTPUT_SLOTS
 * slots). Only slots in inputs_read / outputs_written are touched; the
 * caller provides arrays of KX_SLOT_COUNT (vertex inputs:
 * KX_MAX_VERTEX_ATTRIBS, fragment outputs: KX_FS_OUTPUT_SLOTS) slots.
 */
struct kx_exec;

struct kx_strip {
   uint32_t lane_count; /* vertex: lanes [0, lane_count) run */
   uint64_t live_mask;  /* fragment: lanes that run (covered or helper) */
   uint64_t helper_mask; /* fragment: helpers: run, feed derivatives, never store */
   const float *in;
   float *out;
   /* Slots of `in` / `out` when they are not the stage's default (geometry
    * shaders: KX_GS_IN_SLOTS, KX_GS_OUT_SLOTS); 0: the default. */
   uint32_t in_slots, out_slots;

   /* System values. Per lane (KX_W entries) unless said otherwise; NULL
    * when the program does not read them. */
   const uint32_t *vertex_index;   /* VertexIndex (vertex offset / first vertex included) */
   const uint32_t *instance_index; /* InstanceIndex (base instance included) */
   uint32_t base_vertex, base_instance, draw_index; /* per strip */
   uint32_t view_index; /* per strip: ViewIndex (multiview) */
   const float *frag_coord; /* SoA 4 x KX_W: x, y (pixel centre or sample), z, 1/w */
   const uint32_t *front_facing, *sample_id, *sample_mask_in, *primitive_id;
   const float *point_coord; /* SoA 2 x KX_W: PointCoord s, t (points) */

   /* Fragment results. */
   uint64_t kill_mask;        /* out: lanes that terminated or demoted */
   float *frag_depth;         /* KX_W, written if info->writes_depth */
   uint32_t *sample_mask_out; /* KX_W, written if info->writes_sample_mask */
   uint32_t *stencil_ref_out; /* KX_W, written if info->writes_stencil */

   /* Memory, as kx_dispatch. */
   struct kx_cbuf cbufs[KX_MAX_CBUFS];
   kx_translate_fn translate;
   void *translate_data;
   uint64_t deadline_ns;
   bool faulted;
   char fault[256];
};

/* The state one worker thread needs to run strips of `prog` (register
 * files, mask stack, scratch); create one per worker and reuse it for every
 * strip. NULL on out-of-memory. */
struct kx_exec *kx_exec_create(const struct kx_program *prog, enum kx_isa isa);
void kx_exec_destroy(struct kx_exec *e);

/* Runs one strip; false if it faulted (s->fault says why). The values the
 * program computes once from its constant buffers (push constants,
 * descriptors) are recomputed when s->cbufs differs from the previous
 * strip's (pointers or sizes); a caller that rewrites a buffer's contents
 * in place between strips calls kx_exec_reset first. */
bool kx_exec_strip(struct kx_exec *e, struct kx_strip *s);
void kx_exec_reset(struct kx_exec *e);

/* --- backends, for differential testing ------------------------------------------- */

/*
 * A shader backend: compile a finalized IR shader once, run dispatches of
 * it. The reference interpreter is registered once per kernel variant the
 * CPU runs; a future JIT registers itself here too, and the differential
 * tests (nvk/compiler/tests/nvk_spirv_run_test.c) run every shader on
 * every registered backend and compare the memory they leave behind.
 * For run, `d->prog` is ignored: the program is `prog`. Vertex and
 * fragment strips go through exec_create/exec_strip/exec_destroy/
 * exec_reset (the per-worker state, as kx_exec_*); NULL there: compute
 * only.
 */
struct kx_backend {
   const char *name;
   void *(*compile)(nir_shader *shader, char **error);
   void (*destroy)(void *prog);
   bool (*run)(const void *prog, struct kx_dispatch *d);
   void *(*exec_create)(const void *prog);
   bool (*exec_strip)(void *exec, struct kx_strip *s);
   void (*exec_destroy)(void *exec);
   void (*exec_reset)(void *exec);
};

/* The backends this build and CPU can run, NULL-terminated. */
const struct kx_backend *const *kx_backends(void);

#endif /* KX_H */
