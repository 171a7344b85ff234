# SPDX-License-Identifier: MIT
#
# The intrinsic table of kiln's IR. nir_gen.py turns it into nir_intrinsics.h
# (the enum, index accessors), nir_intrinsics.c (the info table) and the
# builder helpers in nir_builder_opcodes.h.
#
# Source/destination component counts: a positive number is fixed; 0 means
# "the instruction's num_components"; -1 means "any" (e.g. a deref, whose
# def is a 1-component pointer, or a coordinate whose width depends on the
# image dimension).
#
# Destination bit sizes: a list of allowed sizes, or [] for any. When
# bit_size_src is set, the destination bit size equals that source's.

class Index:
    def __init__(self, name, ctype, description):
        self.name = name
        self.ctype = ctype
        self.description = description


# Constant indices an intrinsic may carry. The order fixes NIR_INTRINSIC_*
# index names, nothing else (each intrinsic packs the ones it uses).
indices = [
    Index("base", "int", "Offset added to the dynamic offset/location source"),
    Index("write_mask", "unsigned", "Components written by a store"),
    Index("component", "unsigned", "First component of an I/O slot"),
    Index("range_base", "unsigned", "Start of the byte range an access may touch"),
    Index("range", "unsigned", "Length of that range in bytes (~0 unknown)"),
    Index("access", "enum nir_access", "NIR_ACCESS_* qualifiers"),
    Index("dst_access", "enum nir_access", "copy_deref: destination access"),
    Index("src_access", "enum nir_access", "copy_deref: source access"),
    Index("align_mul", "unsigned", "Address is align_offset modulo align_mul"),
    Index("align_offset", "unsigned", "See align_mul"),
    Index("atomic_op", "nir_atomic_op", "Operation of an atomic intrinsic"),
    Index("memory_semantics", "nir_memory_semantics", "Acquire/release/... bits"),
    Index("memory_modes", "nir_variable_mode", "Variable modes a barrier orders"),
    Index("memory_scope", "nir_scope", "Scope of the memory part of a barrier"),
    Index("execution_scope", "nir_scope", "Scope of the control part of a barrier"),
    Index("stream_id", "unsigned", "Geometry-shader vertex stream"),
    Index("reduction_op", "nir_op", "ALU op of a subgroup reduction or scan"),
    Index("cluster_size", "unsigned", "Clustered reduction size (0 = whole subgroup)"),
    Index("io_semantics", "nir_io_semantics", "What a lowered I/O access reads/writes"),
    Index("src_type", "nir_alu_type", "Type of the stored value"),
    Index("dest_type", "nir_alu_type", "Type of the loaded value"),
    Index("interp_mode", "enum glsl_interp_mode", "Interpolation of a barycentric"),
    Index("desc_set", "unsigned", "Descriptor set"),
    Index("binding", "unsigned", "Descriptor binding"),
    Index("image_dim", "enum glsl_sampler_dim", "Image dimensionality"),
    Index("image_array", "bool", "Image is arrayed"),
    Index("format", "enum nir_image_format", "Image format"),
    Index("swizzle_mask", "unsigned", "quad_swizzle: 2 bits per lane"),
    Index("param_idx", "unsigned", "Function parameter index"),
    Index("num_array_elems", "unsigned", "Resource array size"),
]


class Intrinsic:
    def __init__(self, name, src_comp, dest_comp, indices, flags, bit_sizes,
                 bit_size_src, sysval, description):
        self.name = name
        self.src_components = src_comp
        self.num_srcs = len(src_comp)
        self.has_dest = dest_comp is not None
        self.dest_components = dest_comp if dest_comp is not None else 0
        self.indices = indices
        self.flags = flags
        self.bit_sizes = bit_sizes
        self.bit_size_src = bit_size_src
        self.sysval = sysval
        self.description = description


intrinsics = {}

CAN_ELIMINATE = "CAN_ELIMINATE"
CAN_REORDER = "CAN_REORDER"
PURE = [CAN_ELIMINATE, CAN_REORDER]


def intrinsic(name, src_comp=[], dest_comp=None, indices=[], flags=[], bit_sizes=[],
              bit_size_src=-1, sysval=False, description=""):
    assert name not in intrinsics, name
    intrinsics[name] = Intrinsic(name, src_comp, dest_comp, indices, flags, bit_sizes,
                                 bit_size_src, sysval, description)


# --- variables through derefs -------------------------------------------------------
intrinsic("load_deref", [-1], 0, ["access"], [CAN_ELIMINATE])
intrinsic("store_deref", [-1, 0], None, ["write_mask", "access"])
intrinsic("copy_deref", [-1, -1], None, ["dst_access", "src_access"])
intrinsic("deref_atomic", [-1, 1], 1, ["access", "atomic_op"], bit_size_src=1,
          description="*deref = op(*deref, src1); returns the old value")
intrinsic("deref_atomic_swap", [-1, 1, 1], 1, ["access", "atomic_op"], bit_size_src=1,
          description="compare (src1) and exchange (src2)")
intrinsic("deref_buffer_array_length", [-1], 1, ["access"], PURE, [32],
          description="Length of the runtime array a deref points to (OpArrayLength)")
intrinsic("load_param", [], 0, ["param_idx"], PURE,
          description="The value of a function parameter inside the callee")

# --- interpolation ------------------------------------------------------------------
intrinsic("interp_deref_at_centroid", [-1], 0, [], PURE)
intrinsic("interp_deref_at_sample", [-1, 1], 0, [], PURE)
intrinsic("interp_deref_at_offset", [-1, 2], 0, [], PURE)

# --- images through derefs ----------------------------------------------------------
IMG = ["image_dim", "image_array", "format", "access"]
intrinsic("image_deref_load", [-1, 4, 1, 1], 0, IMG + ["dest_type"], [CAN_ELIMINATE],
          description="srcs: image deref, coord (padded to 4), sample, lod")
intrinsic("image_deref_store", [-1, 4, 1, 0, 1], None, IMG + ["src_type"],
          description="srcs: image deref, coord, sample, value, lod")
intrinsic("image_deref_atomic", [-1, 4, 1, 1], 1, IMG + ["atomic_op"], bit_size_src=3)
intrinsic("image_deref_atomic_swap", [-1, 4, 1, 1, 1], 1, IMG + ["atomic_op"],
          bit_size_src=3)
intrinsic("image_deref_size", [-1, 1], 0, IMG, [CAN_ELIMINATE], [32],
          description="srcs: image deref, lod")
intrinsic("image_deref_samples", [-1], 1, IMG, [CAN_ELIMINATE], [32])

# --- images by handle (a backend's descriptor: after descriptor lowering) -----------
intrinsic("image_load", [1, 4, 1, 1], 0, IMG + ["dest_type"], [CAN_ELIMINATE],
          description="srcs: handle, coord (padded to 4), sample, lod")
intrinsic("image_store", [1, 4, 1, 0, 1], None, IMG + ["src_type"],
          description="srcs: handle, coord, sample, value, lod")
intrinsic("image_atomic", [1, 4, 1, 1], 1, IMG + ["atomic_op"], bit_size_src=3)
intrinsic("image_atomic_swap", [1, 4, 1, 1, 1], 1, IMG + ["atomic_op"], bit_size_src=3)
intrinsic("image_size", [1, 1], 0, IMG, [CAN_ELIMINATE], [32],
          description="srcs: handle, lod")
intrinsic("image_samples", [1], 1, IMG, [CAN_ELIMINATE], [32])

# --- control / synchronization ------------------------------------------------------
intrinsic("barrier", [], None,
          ["execution_scope", "memory_scope", "memory_semantics", "memory_modes"],
          description="Control barrier if execution_scope != NONE, plus a memory barrier "
                      "if memory_semantics != 0")
intrinsic("emit_vertex", [], None, ["stream_id"])
intrinsic("end_primitive", [], None, ["stream_id"])
intrinsic("discard", [], None, [], description="GL discard: the invocation stops")
intrinsic("discard_if", [1], None, [])
intrinsic("terminate", [], None, [], description="OpTerminateInvocation / OpKill")
intrinsic("terminate_if", [1], None, [])
intrinsic("demote", [], None, [], description="Becomes a helper invocation")
intrinsic("demote_if", [1], None, [])
# SPV_EXT_fragment_shader_interlock: the critical section of the
# execution mode in shader_info.fs.interlock.
intrinsic("begin_invocation_interlock", [], None, [],
          description="OpBeginInvocationInterlockEXT")
intrinsic("end_invocation_interlock", [], None, [], description="OpEndInvocationInterlockEXT")
intrinsic("is_helper_invocation", [], 1, [], [CAN_ELIMINATE], [1])

# --- system values ------------------------------------------------------------------
def sysval(name, comps, bit_sizes=[32], indices=[], description=""):
    intrinsic("load_" + name, [], comps, indices, PURE, bit_sizes, sysval=True,
              description=description)


sysval("frag_coord", 4)
sysval("front_face", 1, [1])
sysval("sample_id", 1)
sysval("sample_pos", 2, description="Position within the pixel, in [0, 1)")
sysval("sample_mask_in", 1)
sysval("point_coord", 2)
sysval("helper_invocation", 1, [1])
sysval("vertex_id", 1, description="gl_VertexID: first vertex included (Vulkan semantics)")
sysval("vertex_id_zero_base", 1, description="GL gl_VertexID: without base vertex")
sysval("instance_id", 1, description="InstanceIndex without base instance")
sysval("base_vertex", 1)
sysval("first_vertex", 1)
sysval("base_instance", 1)
sysval("draw_id", 1)
sysval("primitive_id", 1)
sysval("invocation_id", 1)
sysval("tess_coord", 3)
sysval("tess_level_outer", 4)
sysval("tess_level_inner", 2)
sysval("patch_vertices_in", 1)
sysval("layer_id", 1)
sysval("view_index", 1)
sysval("local_invocation_id", 3)
sysval("local_invocation_index", 1)
sysval("workgroup_id", 3)
sysval("num_workgroups", 3)
sysval("global_invocation_id", 3, [32, 64])
sysval("global_invocation_index", 1, [32, 64])
sysval("workgroup_size", 3)
sysval("subgroup_size", 1)
sysval("subgroup_invocation", 1)
sysval("num_subgroups", 1)
sysval("subgroup_id", 1)
for m in ["eq", "ge", "gt", "le", "lt"]:
    sysval("subgroup_%s_mask" % m, 0, [32, 64],
           description="Ballot-style mask (uvec4 or uint64)")
sysval("device_index", 1)
sysval("frag_shading_rate", 1)
sysval("frag_size", 2)

# --- subgroups ----------------------------------------------------------------------
intrinsic("elect", [], 1, [], [], [1])
intrinsic("ballot", [1], 0, [], [], [32, 64],
          description="Bit per invocation of a boolean (uvec4 or uint64)")
intrinsic("inverse_ballot", [-1], 1, [], [], [1])
intrinsic("ballot_bitfield_extract", [-1, 1], 1, [], [], [1])
intrinsic("ballot_bit_count_reduce", [-1], 1, [], [], [32])
intrinsic("ballot_bit_count_inclusive", [-1], 1, [], [], [32])
intrinsic("ballot_bit_count_exclusive", [-1], 1, [], [], [32])
intrinsic("ballot_find_lsb", [-1], 1, [], [], [32])
intrinsic("ballot_find_msb", [-1], 1, [], [], [32])
intrinsic("vote_all", [1], 1, [], [], [1])
intrinsic("vote_any", [1], 1, [], [], [1])
intrinsic("vote_ieq", [0], 1, [], [], [1], description="all invocations' values equal")
intrinsic("vote_feq", [0], 1, [], [], [1])
intrinsic("read_invocation", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("read_first_invocation", [0], 0, [], [], bit_size_src=0)
intrinsic("shuffle", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("shuffle_xor", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("shuffle_up", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("shuffle_down", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("reduce", [0], 0, ["reduction_op", "cluster_size"], [], bit_size_src=0)
intrinsic("inclusive_scan", [0], 0, ["reduction_op"], [], bit_size_src=0)
intrinsic("exclusive_scan", [0], 0, ["reduction_op"], [], bit_size_src=0)
intrinsic("quad_broadcast", [0, 1], 0, [], [], bit_size_src=0)
intrinsic("quad_swap_horizontal", [0], 0, [], [], bit_size_src=0)
intrinsic("quad_swap_vertical", [0], 0, [], [], bit_size_src=0)
intrinsic("quad_swap_diagonal", [0], 0, [], [], bit_size_src=0)

# --- lowered memory access (targets of lowering passes) -----------------------------
MEM = ["access", "align_mul", "align_offset"]
intrinsic("vulkan_resource_index", [1], 1, ["desc_set", "binding"], PURE, [32],
          description="Index of a descriptor in (set, binding) array")
intrinsic("load_ubo", [-1, 1], 0, MEM + ["range_base", "range"], PURE,
          description="srcs: buffer index, byte offset")
intrinsic("load_ssbo", [-1, 1], 0, MEM, [CAN_ELIMINATE],
          description="srcs: buffer index, byte offset")
intrinsic("store_ssbo", [0, -1, 1], None, ["write_mask"] + MEM,
          description="srcs: value, buffer index, byte offset")
intrinsic("ssbo_atomic", [-1, 1, 1], 1, ["access", "atomic_op"], bit_size_src=2)
intrinsic("ssbo_atomic_swap", [-1, 1, 1, 1], 1, ["access", "atomic_op"], bit_size_src=2)
intrinsic("get_ssbo_size", [-1], 1, ["access"], PURE, [32])
intrinsic("load_push_constant", [1], 0, ["base", "range"], PURE,
          description="src: byte offset")
intrinsic("load_uniform", [1], 0, ["base", "range", "dest_type"], PURE,
          description="Loose GL uniform storage; src: offset in vec4 slots")
intrinsic("load_shared", [1], 0, ["base"] + MEM, [CAN_ELIMINATE])
intrinsic("store_shared", [0, 1], None, ["base", "write_mask"] + MEM)
intrinsic("shared_atomic", [1, 1], 1, ["base", "atomic_op"], bit_size_src=1)
intrinsic("shared_atomic_swap", [1, 1, 1], 1, ["base", "atomic_op"], bit_size_src=1)
intrinsic("load_global", [1], 0, MEM, [CAN_ELIMINATE], description="src: 64-bit address")
intrinsic("store_global", [0, 1], None, ["write_mask"] + MEM)
intrinsic("global_atomic", [1, 1], 1, ["atomic_op"], bit_size_src=1)
intrinsic("global_atomic_swap", [1, 1, 1], 1, ["atomic_op"], bit_size_src=1)
intrinsic("load_scratch", [1], 0, ["align_mul", "align_offset"], [CAN_ELIMINATE])
intrinsic("store_scratch", [0, 1], None, ["write_mask", "align_mul", "align_offset"])

# --- lowered shader I/O -------------------------------------------------------------
IO = ["base", "component", "io_semantics"]
intrinsic("load_input", [1], 0, IO + ["dest_type"], PURE,
          description="src: slot offset added to base")
intrinsic("load_per_vertex_input", [1, 1], 0, IO + ["dest_type"], PURE,
          description="srcs: vertex index, slot offset")
intrinsic("load_interpolated_input", [2, 1], 0, IO + ["dest_type"], PURE,
          description="srcs: barycentric, slot offset")
intrinsic("load_barycentric_pixel", [], 2, ["interp_mode"], PURE, [32])
intrinsic("load_barycentric_centroid", [], 2, ["interp_mode"], PURE, [32])
intrinsic("load_barycentric_sample", [], 2, ["interp_mode"], PURE, [32])
intrinsic("load_barycentric_at_sample", [1], 2, ["interp_mode"], PURE, [32])
intrinsic("load_barycentric_at_offset", [2], 2, ["interp_mode"], PURE, [32])
intrinsic("load_output", [1], 0, IO + ["dest_type"], [CAN_ELIMINATE])
intrinsic("load_per_vertex_output", [1, 1], 0, IO + ["dest_type"], [CAN_ELIMINATE])
intrinsic("store_output", [0, 1], None, IO + ["write_mask", "src_type"],
          description="srcs: value, slot offset")
intrinsic("store_per_vertex_output", [0, 1, 1], None, IO + ["write_mask", "src_type"],
          description="srcs: value, vertex index, slot offset")
