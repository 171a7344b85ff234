/* SPDX-License-Identifier: MIT */
/*
 * Viewport, depth range (GL 4.6, 13.6.1) and scissor (14.9.2).
 */
#include "zgl_context.h"
#include "zgl_screen.h"

static void
set_viewport(struct zgl_context *ctx, unsigned i, GLfloat x, GLfloat y, GLfloat w, GLfloat h)
{
   /* "The viewport's width and height are clamped to implementation-dependent
    * maximums" (MAX_VIEWPORT_DIMS). */
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   ctx->viewport[i].x = x;
   ctx->viewport[i].y = y;
   ctx->viewport[i].width = MIN2(w, (GLfloat)l->maxViewportDimensions[0]);
   ctx->viewport[i].height = MIN2(h, (GLfloat)l->maxViewportDimensions[1]);
}

void GLAPIENTRY
zgl_Viewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   if (width < 0 || height < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glViewport(%d x %d): negative size", width, height);
      return;
   }
   /* "Viewport sets the parameters for all viewports" (GL 4.6, 13.6.1). */
   for (unsigned i = 0; i < ZGL_MAX_VIEWPORTS; i++)
      set_viewport(ctx, i, (GLfloat)x, (GLfloat)y, (GLfloat)width, (GLfloat)height);
}

void GLAPIENTRY
zgl_DepthRange(GLdouble n, GLdouble f)
{
   ZGL_CONTEXT(ctx);
   /* "Values ... are clamped to the range [0, 1]". */
   for (unsigned i = 0; i < ZGL_MAX_VIEWPORTS; i++) {
      ctx->viewport[i].near_val = CLAMP(n, 0.0, 1.0);
      ctx->viewport[i].far_val = CLAMP(f, 0.0, 1.0);
   }
}

void GLAPIENTRY
zgl_DepthRangef(GLfloat n, GLfloat f)
{
   zgl_DepthRange(n, f);
}

void GLAPIENTRY
zgl_Scissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
   ZGL_CONTEXT(ctx);
   if (width < 0 || height < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glScissor(%d x %d): negative size", width, height);
      return;
   }
   for (unsigned i = 0; i < ZGL_MAX_VIEWPORTS; i++) {
      ctx->scissor[i].x = x;
      ctx->scissor[i].y = y;
      ctx->scissor[i].width = width;
      ctx->scissor[i].height = height;
   }
}
