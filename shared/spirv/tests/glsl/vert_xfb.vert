#version 450
// gl_PerVertex with clip/cull distances and transform feedback decorations.
layout(xfb_buffer = 0, xfb_stride = 32) out;
layout(location = 0) in vec4 pos;
layout(location = 1) in vec3 normal;
layout(location = 0, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 16) out vec4 outColor;
layout(location = 1) out flat ivec2 outIds;
layout(location = 2) noperspective out float outDepth;
layout(location = 3, component = 1) out vec2 outPacked;
out gl_PerVertex {
   layout(xfb_buffer = 0, xfb_offset = 0) vec4 gl_Position;
   layout(xfb_buffer = 0, xfb_offset = 16) float gl_PointSize;
   float gl_ClipDistance[2];
   float gl_CullDistance[1];
};
layout(set = 0, binding = 0, std140) uniform Transform {
   layout(row_major) mat4 mvp;
   mat3 normalMatrix;
   vec4 tint[3];
} xf;
layout(push_constant) uniform Push { float scale; int id; } pc;

void main()
{
   gl_Position = xf.mvp * pos * pc.scale;
   gl_PointSize = 2.0;
   gl_ClipDistance[0] = pos.x;
   gl_ClipDistance[1] = pos.y;
   gl_CullDistance[0] = pos.z;
   outColor = vec4(xf.normalMatrix * normal, 1.0) * xf.tint[gl_VertexIndex % 3];
   outIds = ivec2(gl_VertexIndex, gl_InstanceIndex + pc.id);
   outDepth = pos.w;
   outPacked = pos.xy;
}
