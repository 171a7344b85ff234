#version 450
#extension GL_ARB_shader_draw_parameters : require
// Vertex shader I/O: attributes of several types, user outputs with every
// interpolation qualifier, a matrix, a block member and built-ins.
layout(location = 0) in vec4 a_pos;
layout(location = 1) in vec3 a_col;
layout(location = 2) in ivec2 a_id;
layout(location = 3) in mat2 a_m; // locations 3 and 4

layout(location = 0) out vec3 v_col;
layout(location = 1) flat out ivec2 v_id;
layout(location = 2) noperspective out float v_np;
layout(location = 3) centroid out vec2 v_c;
layout(location = 4) out mat2 v_m; // locations 4 and 5
layout(location = 6) out Blk {
   sample vec4 s;
   layout(location = 7, component = 1) flat float z;
} v_blk;

out gl_PerVertex {
   vec4 gl_Position;
   float gl_PointSize;
   float gl_ClipDistance[3];
   float gl_CullDistance[1];
};

void main()
{
   gl_Position = a_pos * 2.0 + vec4(float(gl_VertexIndex), float(gl_InstanceIndex), 0.0, 0.0);
   gl_PointSize = 3.0;
   for (int i = 0; i < 3; i++)
      gl_ClipDistance[i] = a_pos.x + float(i);
   // A dynamic index replaces one element.
   gl_ClipDistance[gl_VertexIndex % 3] = -1.0;
   gl_CullDistance[0] = a_pos.y;
   v_col = a_col;
   v_id = a_id + ivec2(gl_VertexIndex, gl_InstanceIndex);
   v_np = a_pos.w;
   v_c = a_pos.xy;
   v_m = a_m * 2.0;
   v_blk.s = a_pos.wzyx;
   v_blk.z = float(gl_BaseInstanceARB + gl_DrawIDARB + gl_BaseVertexARB);
   // Read back an output.
   v_np += gl_Position.x;
}
