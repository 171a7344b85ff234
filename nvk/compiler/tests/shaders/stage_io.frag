#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Fragment shader I/O: interpolated inputs to colour outputs, discard,
// demote, FragDepth, helper invocations and a storage buffer helpers must
// not write.
layout(location = 0) in vec3 v_col;
layout(location = 1) flat in ivec2 v_id;
layout(location = 2) noperspective in float v_np;
layout(location = 3) centroid in vec2 v_c;

layout(location = 0) out vec4 o_col;
layout(location = 1) out ivec4 o_int;
layout(location = 0, index = 1) out vec4 o_dual;

layout(set = 0, binding = 0) buffer Hits { uint hits[]; };

void main()
{
   if (v_id.x == 7)
      discard;
   if (v_id.x == 9)
      demote;
   o_col = vec4(v_col * 2.0, v_np + v_c.x);
   o_dual = vec4(v_c, float(gl_FrontFacing), gl_FragCoord.w);
   o_int = ivec4(v_id, int(gl_FragCoord.x), helperInvocationEXT() ? 1 : 0);
   gl_FragDepth = v_c.y * 0.5;
   hits[v_id.y] = 1u;
   atomicAdd(hits[64 + v_id.y], 1u);
}
