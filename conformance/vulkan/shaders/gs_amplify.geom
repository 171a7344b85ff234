#version 450
// vk_xfb_test: each triangle twice per invocation (2 invocations), to layer
// InvocationId * 2 + k and viewport k, PrimitiveId = input id * 10 + layer;
// captured: position, (layer, PrimitiveId, input vertex id).
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 6) out;
layout(location = 0) in uint vid[];
layout(xfb_buffer = 0, xfb_stride = 32) out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
};
layout(location = 0, xfb_buffer = 0, xfb_offset = 16) flat out uvec4 info;

void main()
{
   for (int k = 0; k < 2; k++) {
      const int layer = gl_InvocationID * 2 + k;
      for (int j = 0; j < 3; j++) {
         gl_Position = gl_in[j].gl_Position;
         gl_Layer = layer;
         gl_ViewportIndex = k;
         gl_PrimitiveID = gl_PrimitiveIDIn * 10 + layer;
         info = uvec4(layer, gl_PrimitiveIDIn * 10 + layer, vid[j], 7);
         EmitVertex();
      }
      EndPrimitive();
   }
}
