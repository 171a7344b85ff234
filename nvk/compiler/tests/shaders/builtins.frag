#version 450
#extension GL_ARB_shader_stencil_export : require
// Fragment built-ins the rasterizer provides or consumes, 64-bit flat
// inputs and a dynamically indexed input array.
layout(location = 0) flat in dvec2 v_d;       // one location
layout(location = 1) flat in int v_arr[3];    // locations 1..3
layout(location = 4) flat in int v_i;
layout(location = 0) out vec4 o;
layout(location = 1) out uvec4 o2;
layout(location = 2) out vec2 o3;
void main()
{
   o = vec4(float(v_d.x * 2.0lf), float(v_d.y), gl_SamplePosition);
   o2 = uvec4(gl_SampleID, gl_PrimitiveID, gl_Layer, gl_ViewportIndex);
   o3 = gl_PointCoord;
   gl_SampleMask[0] = gl_SampleMaskIn[0] & 5;
   gl_FragStencilRefARB = v_arr[v_i] + 1;
}
